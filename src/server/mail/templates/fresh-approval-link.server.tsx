import { Action, MailLayout, Para } from "./layout.server.tsx";
import { sampleApplicationId, sampleLink } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

type Props = { name: string; applicationId: string; approvalUrl: string };

/** A fresh approval link, asked for from an expired one; it only ever goes to the secretariat. */
export const freshApprovalLink = defineTemplate<Props>({
  name: "fresh-approval-link",
  title: "Fresh payment-approval link, to the secretariat",
  subject: ({ applicationId }) => `Fresh approval link for application ${applicationId}`,
  Body: ({ name, applicationId, approvalUrl }) => (
    <MailLayout preview={`A fresh link for application ${applicationId}`}>
      <Para>
        {`A fresh link was asked for to confirm the payment of ${name}'s application ${applicationId}, as the earlier one had expired. When the fee has reached the society's account, open this link, enter the amount received and press 'Mark payment received' (it works for 14 days):`}
      </Para>
      <Action href={approvalUrl}>{`Confirm the payment for ${applicationId}`}</Action>
    </MailLayout>
  ),
  sample: {
    name: "Dr. Ishaan Verma",
    applicationId: sampleApplicationId,
    approvalUrl: sampleLink("/approve-payment"),
  },
});
