import { postToServer } from "#components/forms/client-action.ts";
import { PaymentApproval } from "#features/account/payment-approval-view.tsx";
import { publicAccount } from "#server/account/accounts.server.ts";
import { signingSecret } from "#server/env.server.ts";
import { pageForm } from "#server/forms/page-form.server.ts";
import {
  accountFor,
  amountDue,
  applicationDay,
  paymentApprovalForm,
  readApproval,
} from "#server/membership/payment-approval.server.ts";
import { APPLICATION_ID, isApprovalStatus } from "#shared/account.ts";
import { todayInIndia } from "#shared/format-date.ts";
import { routeMeta } from "../page-meta.ts";
import type { Route } from "./+types/approve-payment";

/**
 * The secretariat's page behind the signed link in an application e-mail (`?token=`), and where
 * its buttons come back to (`?status=`). Opening it only shows the application and what is due;
 * only the button (a POST) records a payment, so a mail scanner that follows the link changes nothing.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const token = search.get("token");
  const status = search.get("status");
  if (isApprovalStatus(status)) {
    const id = search.get("id");
    return {
      kind: "outcome" as const,
      outcome: status,
      applicationId: id && APPLICATION_ID.test(id) ? id : null,
      token: status === "expired" ? token : null,
    };
  }
  const check = await readApproval(signingSecret(), token);
  if (!check.ok)
    return {
      kind: "outcome" as const,
      outcome: check.status === 410 ? ("expired" as const) : ("invalid" as const),
      applicationId: check.status === 410 ? check.approval.application : null,
      token: check.status === 410 ? token : null,
    };
  const account = await accountFor(check.approval);
  if (!account)
    return { kind: "outcome" as const, outcome: "gone" as const, applicationId: null, token: null };
  const due = amountDue(account, check.approval);
  return {
    kind: "application" as const,
    application: publicAccount(account),
    due,
    // A life instalment (`…-L1`): the secretariat may mark it as the whole life fee (decision 0025).
    lifeInstalment: /-L\d$/.test(due?.reference ?? ""),
    dates: { today: todayInIndia(new Date()), earliest: applicationDay(account) },
  };
}

export const action = pageForm(paymentApprovalForm);
export const clientAction = postToServer;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Confirm a Payment",
    description: "For the secretariat: confirm that an applicant's membership fee has been received.",
    noindex: true,
  });

/** For the secretariat, reached from the signed link in an application e-mail; not in any menu. */
export default function ApprovePayment({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page">
      <h1>Confirm a Payment</h1>
      <PaymentApproval {...loaderData} />
    </div>
  );
}
