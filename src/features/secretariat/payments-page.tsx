import { Form, Link } from "react-router";
import { FormStatusLine, TextArea, TextField } from "#components/forms/fields.tsx";
import { PageForm, usePageForm } from "#components/forms/page-form.tsx";
import { REFUND_FIELDS as F } from "#shared/forms/secretariat-fields.ts";
import {
  applicationPath,
  heldPaymentAction,
  heldPaymentFormName,
  PAYMENTS_PATH,
  RECONCILIATION_PATH,
  refundAction,
  refundFormName,
} from "#shared/secretariat-paths.ts";
import { DataTable, Pager } from "./parts.tsx";
import { PressForm } from "./press-form.tsx";
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

/** An online payment Razorpay took that the ledger did not apply, waiting for 'Refund' or 'Credit'. */
export type HeldPaymentRow = {
  id: string;
  /** "Paid twice" or "Not what was asked". */
  kind: string;
  razorpayPaymentId: string;
  account: { key: string; name: string } | null;
  reference: string;
  amount: string;
  details: string;
  heldOn: string;
  /** What 'Credit' records, or why it cannot. */
  credit: { ok: boolean; text: string };
};

export type PaymentsView = {
  held: HeldPaymentRow[];
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

/** 'Refund' on a held payment: the reason, which the member is told; Razorpay's refusal beside it. */
function HeldRefundForm({ row }: { row: HeldPaymentRow }) {
  const form = usePageForm(heldPaymentFormName("refund-held", row.id), { rules: { reason: F.reason } });
  return (
    <details>
      <summary>Refund</summary>
      <PageForm form={form} action={heldPaymentAction("refund-held", row.id)} className="ws-form">
        <p>
          {row.amount} goes back through Razorpay to what it was paid with
          {row.account ? `, and ${row.account.name} is e-mailed` : ""}.
        </p>
        <TextArea name="reason" rule={F.reason} rows={2} />
        <button type="submit" className="ws-danger" disabled={form.sending}>
          Refund through Razorpay
        </button>
        <FormStatusLine kind={form.status.kind} message={form.status.message} />
      </PageForm>
    </details>
  );
}

/**
 * The online payments held for the secretariat (paid twice, or not what was asked), oldest first:
 * each is refunded, or credited to the account's next payment due, once.
 */
function HeldPayments({ held }: { held: HeldPaymentRow[] }) {
  return (
    <section aria-labelledby="held-payments">
      <h2 id="held-payments">Held online payments</h2>
      {held.length === 0 ? (
        <p>No online payment is waiting: every payment Razorpay took is in the ledger or resolved.</p>
      ) : (
        <>
          <p>
            Razorpay took these, but they were not applied: paid twice for one payment due, or not what was
            asked. Refund each, or credit it to the member's next payment due.
          </p>
          <DataTable
            caption="Held online payments"
            head={["Held", "Member", "Razorpay payment", "Amount", "Why held", "Refund or credit"]}
          >
            {held.map((row) => (
              <tr key={row.id}>
                <td>{row.heldOn}</td>
                <td>
                  {row.account ? (
                    <Link to={applicationPath(row.account.key)}>{row.account.name}</Link>
                  ) : (
                    "No account"
                  )}
                </td>
                <td>{row.razorpayPaymentId}</td>
                <td>{row.amount}</td>
                <td>
                  <strong>{row.kind}</strong>
                  {row.reference ? ` (${row.reference})` : ""}: {row.details}
                </td>
                <td>
                  <HeldRefundForm row={row} />
                  <p>{row.credit.text}</p>
                  {row.credit.ok ? (
                    <PressForm
                      name={heldPaymentFormName("credit-held", row.id)}
                      action={heldPaymentAction("credit-held", row.id)}
                      label="Credit"
                    />
                  ) : null}
                </td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </section>
  );
}

/**
 * The held online payments, then the ledger's payments: filtered by day received and source,
 * newest first, pages of 50.
 */
export function PaymentsPage({ held, query, sources, rows, total, page, pages }: PaymentsView) {
  const search = new URLSearchParams(Object.entries(query).filter(([, value]) => value !== "")).toString();
  return (
    <WorkspacePage title="Payments">
      <p>
        Every payment the ledger holds, with its receipt.{" "}
        <Link to={RECONCILIATION_PATH}>Reconcile with Razorpay's settlements</Link>.
      </p>
      <HeldPayments held={held} />
      <h2>The ledger</h2>
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
      <Pager label="Pages of payments" page={page} pages={pages} pageUrl={(to) => listUrl(query, to)} />
    </WorkspacePage>
  );
}
