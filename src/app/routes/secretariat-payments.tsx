import { postToServer } from "#components/forms/client-action.ts";
import { PaymentsPage } from "#features/secretariat/payments-page.tsx";
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

/** The ledger's payments (decision 0055): by day received and source, each with its receipt and 'Refund'. */
export async function loader({ request }: Route.LoaderArgs) {
  const filter = readPaymentFilter(new URL(request.url).searchParams);
  const { lines, total } = await listPayments(filter);
  return {
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

/** 'Refund' on the payment the address names (?do=refund&payment=<id>). */
export const action = workspaceAction(
  ({ request }) => findPayment(new URL(request.url).searchParams.get("payment")),
  (payment, session, url) => refundForm(url.searchParams.get("do"), payment, session, url),
);
export const clientAction = postToServer;

export const meta: Route.MetaFunction = (args) => workspaceMeta(args, "Payments");

export default function SecretariatPayments({ loaderData }: Route.ComponentProps) {
  return <PaymentsPage {...loaderData} />;
}
