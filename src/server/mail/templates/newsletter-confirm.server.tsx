import { Action, FooterLine, MailLayout, Para, TextLink } from "./layout.server.tsx";
import { sampleLink } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

type Props = { confirmUrl: string; unsubscribeUrl: string };

/** The double opt-in e-mail; it carries the unsubscribe link too (and the caller adds List-Unsubscribe). */
export const newsletterConfirm = defineTemplate<Props>({
  name: "newsletter-confirm",
  title: "Newsletter: confirm the subscription",
  subject: () => "Please confirm your subscription to ISGPB news",
  Body: ({ confirmUrl, unsubscribeUrl }) => (
    <MailLayout
      preview="Confirm your subscription to ISGPB news"
      footer={
        <FooterLine>
          {"To stop all news e-mails from us: "}
          <TextLink href={unsubscribeUrl}>Unsubscribe</TextLink>
        </FooterLine>
      }
    >
      <Para>
        Someone, we hope you, asked for news from the Indian Society of Genetics and Plant Breeding to be sent
        to this address.
      </Para>
      <Para>To confirm, open this link within seven days:</Para>
      <Action href={confirmUrl}>Confirm my subscription</Action>
      <Para>If you did not ask for this, ignore this e-mail: nothing will be sent to you.</Para>
    </MailLayout>
  ),
  sample: {
    confirmUrl: sampleLink("/newsletter/confirm"),
    unsubscribeUrl: sampleLink("/newsletter/unsubscribe"),
  },
});
