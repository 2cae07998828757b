import { postToServer } from "#components/forms/client-action.ts";
import { PaymentsPage } from "#features/secretariat/payments-page.tsx";
import { heldPaymentForm } from "#server/payments/held-payment-forms.server.ts";
import { findHeldPayment, openHeldPayments } from "#server/payments/held-payments.server.ts";
import {
  findPayment,
  listPayments,
  PAYMENT_SOURCES,
  PAYMENTS_PAGE_SIZE,
  readPaymentFilter,
  SOURCE_LABELS,
} from "#server/payments/payments-list.server.ts";
import { refundForm } from "#server/payments/refund-form.server.ts";
import { workspaceAction } from "#server/secretariat/workspace.server.ts";
import { formatDay } from "#shared/format-date.ts";
import { formatAmount } from "#shared/membership/amount.ts";
import { pageCount } from "#shared/paging.ts";
import { workspaceMeta } from "../page-meta.ts";
import type { Route } from "./+types/secretariat-payments";

/**
 * The online payments held for the secretariat, each with 'Refund' and 'Credit' (decision 0055's
 * addendum), then the ledger's payments (decision 0055): by day received and source, each with its
 * receipt and 'Refund'.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const filter = readPaymentFilter(new URL(request.url).searchParams);
  const [{ lines, total }, held] = await Promise.all([listPayments(filter), openHeldPayments()]);
  return {
    held: held.map((payment) => ({
      id: payment.id,
      kind: payment.kind === "duplicate" ? "Paid twice" : "Not what was asked",
      razorpayPaymentId: payment.razorpayPaymentId,
      account: payment.account,
      reference: payment.reference ?? "",
      amount: payment.amount,
      details: payment.details,
      heldOn: formatDay(payment.heldOn),
      credit: payment.credit.ok
        ? {
            ok: true as const,
            text: `Records ${formatAmount(payment.credit.rupees)} received ${formatDay(payment.credit.receivedOn)} as ${payment.credit.reference} (due: ${payment.credit.due === "TBA" ? "to be announced" : formatAmount(payment.credit.due)}), with its receipt, and e-mails the member.`,
          }
        : { ok: false as const, text: payment.credit.why },
    })),
    query: { from: filter.from ?? "", to: filter.to ?? "", source: filter.source ?? "" },
    sources: PAYMENT_SOURCES.map((source): [string, string] => [source, SOURCE_LABELS[source]]),
    rows: lines.map((line) => ({
      id: line.id,
      accountId: line.accountId,
      name: line.name,
      reference: line.reference,
      amount: line.amount === null ? "not recorded" : formatAmount(line.amount),
      receivedOn: formatDay(line.receivedOn),
      source: SOURCE_LABELS[line.source],
      online: line.source === "online",
      paymentRef: line.paymentRef ?? "",
      receipt: line.receipt ?? "",
      refunded: line.refund
        ? `Refunded ${formatDay(line.refund.on)}${line.refund.reference ? ` (${line.refund.reference})` : ""}`
        : null,
    })),
    total,
    page: filter.page,
    pages: Math.max(1, pageCount(total, PAYMENTS_PAGE_SIZE)),
  };
}

/**
 * 'Refund' on the payment the address names (?do=refund&payment=<id>), or 'Refund' and 'Credit' on
 * the held payment it names (?do=refund-held|credit-held&held=<id>).
 */
export const action = workspaceAction(
  async ({ request }) => {
    const search = new URL(request.url).searchParams;
    if (search.has("held")) {
      const held = await findHeldPayment(search.get("held"));
      return held ? { kind: "held" as const, held } : null;
    }
    const payment = await findPayment(search.get("payment"));
    return payment ? { kind: "payment" as const, payment } : null;
  },
  (record, session, url) =>
    record.kind === "held"
      ? heldPaymentForm(url.searchParams.get("do"), record.held, session)
      : refundForm(url.searchParams.get("do"), record.payment, session, url),
);
export const clientAction = postToServer;

export const meta: Route.MetaFunction = (args) => workspaceMeta(args, "Payments");

export default function SecretariatPayments({ loaderData }: Route.ComponentProps) {
  return <PaymentsPage {...loaderData} />;
}
