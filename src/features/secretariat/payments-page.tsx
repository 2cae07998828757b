import { Form, Link } from "react-router";
import { FormStatusLine, TextArea, TextField } from "#components/forms/fields.tsx";
import { PageForm, usePageForm } from "#components/forms/page-form.tsx";
import { REFUND_FIELDS as F } from "#shared/forms/secretariat-fields.ts";
import {
  applicationPath,
  PAYMENTS_PATH,
  RECONCILIATION_PATH,
  refundAction,
  refundFormName,
} from "#shared/secretariat-paths.ts";
import { DataTable } from "./parts.tsx";
import { WorkspacePage } from "./workspace-frame.tsx";

/** One payment of the ledger, its values written as the office reads them. */
export type PaymentRow = {
  id: string;
  accountId: string;
  name: string;
  reference: string;
  amount: string;
  receivedOn: string;
  source: string;
  online: boolean;
  paymentRef: string;
  receipt: string;
  /** "Refunded 3 May 2027 (rfnd_…)", or null while it stands. */
  refunded: string | null;
};

export type PaymentsView = {
  query: { from: string; to: string; source: string };
  sources: [value: string, label: string][];
  rows: PaymentRow[];
  total: number;
  page: number;
  pages: number;
};

function listUrl(query: PaymentsView["query"], page: number) {
  const params = new URLSearchParams();
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  if (query.source) params.set("source", query.source);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `${PAYMENTS_PATH}?${search}` : PAYMENTS_PATH;
}

/**
 * 'Refund' on one payment, folded away until opened: the reason (the member is told it) and, for a
 * payment not made online, the bank's reference of the transfer back. Razorpay's refusal or a
 * missing reference comes back beside the form; nothing is changed then.
 */
function RefundForm({ row, search }: { row: PaymentRow; search: string }) {
  const form = usePageForm(refundFormName(row.id), { rules: F });
  return (
    <details>
      <summary>Refund</summary>
      <PageForm form={form} action={refundAction(row.id, search)} className="ws-form">
        <p>
          {row.online
            ? `${row.amount} goes back through Razorpay to what ${row.name} paid with.`
            : `Transfer ${row.amount} back to ${row.name} first, then record it here with the bank's reference.`}{" "}
          The receipt is marked refunded and the member is e-mailed.
        </p>
        <TextArea name="reason" rule={F.reason} rows={2} />
        {row.online ? null : <TextField name="bankReference" rule={F.bankReference} />}
        <button type="submit" className="ws-danger" disabled={form.sending}>
          {row.online ? "Refund through Razorpay" : "Record the refund"}
        </button>
        <FormStatusLine kind={form.status.kind} message={form.status.message} />
      </PageForm>
    </details>
  );
}

/** The ledger's payments: filtered by day received and source, newest first, pages of 50. */
export function PaymentsPage({ query, sources, rows, total, page, pages }: PaymentsView) {
  const search = new URLSearchParams(Object.entries(query).filter(([, value]) => value !== "")).toString();
  return (
    <WorkspacePage title="Payments">
      <p>
        Every payment the ledger holds, with its receipt.{" "}
        <Link to={RECONCILIATION_PATH}>Reconcile with Razorpay's settlements</Link>.
      </p>
      <Form key={listUrl(query, 1)} method="get" action={PAYMENTS_PATH} className="ws-inline" role="search">
        <div className="ws-field">
          <label htmlFor="from">Received from</label>
          <input id="from" name="from" type="date" defaultValue={query.from} />
        </div>
        <div className="ws-field">
          <label htmlFor="to">Received to</label>
          <input id="to" name="to" type="date" defaultValue={query.to} />
        </div>
        <div className="ws-field">
          <label htmlFor="source">Source</label>
          <select id="source" name="source" defaultValue={query.source}>
            <option value="">Any source</option>
            {sources.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit">Show</button>
      </Form>
      <p role="status">
        {total} payment{total === 1 ? "" : "s"} found, newest first.
      </p>
      {total > 0 && (
        <DataTable
          caption="Payments"
          head={[
            "Received",
            "Member",
            "Reference",
            "Amount",
            "Source",
            "Payment id or bank reference",
            "Receipt",
            "Refund",
          ]}
        >
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{row.receivedOn}</td>
              <td>
                <Link to={applicationPath(row.accountId)}>{row.name}</Link>
              </td>
              <td>{row.reference}</td>
              <td>{row.amount}</td>
              <td>{row.source}</td>
              <td>{row.paymentRef}</td>
              <td>{row.receipt}</td>
              <td>{row.refunded ?? <RefundForm row={row} search={search} />}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <nav className="ws-pager" aria-label="Pages of payments">
        {page > 1 && (
          <Link to={listUrl(query, page - 1)} rel="prev">
            Previous page
          </Link>
        )}
        <span>
          Page {page} of {pages}
        </span>
        {page < pages && (
          <Link to={listUrl(query, page + 1)} rel="next">
            Next page
          </Link>
        )}
      </nav>
    </WorkspacePage>
  );
}
