import { Form, Link } from "react-router";
import { PAYMENTS_PATH, RECONCILIATION_CSV, RECONCILIATION_PATH } from "#shared/secretariat-paths.ts";
import { DataTable } from "./parts.tsx";
import { WorkspacePage } from "./workspace-frame.tsx";

export type ReconRow = {
  key: string;
  status: string;
  differs: boolean;
  kind: string;
  razorpayId: string;
  reference: string;
  name: string;
  ledgerAmount: string;
  razorpayAmount: string;
  fee: string;
  settledOn: string;
  utr: string;
};

export type ReconciliationView = {
  configured: boolean;
  range: { from: string; to: string };
  errors: { from?: string; to?: string };
  maxDays: number;
  /** Counted by status, in the table's order; null until a range is asked for. */
  counts: [label: string, count: number][] | null;
  rows: ReconRow[];
  /** Razorpay could not be asked: its words or ours. */
  failure: string | null;
};

/**
 * The ledger beside Razorpay's settlements for a range of days: a GET form (an address to keep), the
 * counts by outcome, and every line, the differences first; the same as a CSV.
 */
export function ReconciliationPage({
  configured,
  range,
  errors,
  maxDays,
  counts,
  rows,
  failure,
}: ReconciliationView) {
  const csv = `${RECONCILIATION_CSV}?${new URLSearchParams(range)}`;
  return (
    <WorkspacePage title="Reconciliation with Razorpay">
      <p>
        <Link to={PAYMENTS_PATH}>Back to the payments</Link>
      </p>
      {!configured ? (
        <p>Razorpay's keys are not set on this site, so there is nothing to reconcile with.</p>
      ) : (
        <>
          <p>
            Online payments and refunds made in the range, in the ledger and in Razorpay's settlement report
            (read up to a week after the range, as Razorpay settles a few days later). At most {maxDays} days
            at a time.
          </p>
          <Form method="get" action={RECONCILIATION_PATH} className="ws-inline" noValidate>
            <div className="ws-field">
              <label htmlFor="from">First day</label>
              <input
                id="from"
                name="from"
                type="date"
                defaultValue={range.from}
                required
                aria-invalid={errors.from ? true : undefined}
                aria-describedby={errors.from ? "from-error" : undefined}
              />
              {errors.from && (
                <p id="from-error" className="field-error">
                  {errors.from}
                </p>
              )}
            </div>
            <div className="ws-field">
              <label htmlFor="to">Last day</label>
              <input
                id="to"
                name="to"
                type="date"
                defaultValue={range.to}
                required
                aria-invalid={errors.to ? true : undefined}
                aria-describedby={errors.to ? "to-error" : undefined}
              />
              {errors.to && (
                <p id="to-error" className="field-error">
                  {errors.to}
                </p>
              )}
            </div>
            <button type="submit">Reconcile</button>
          </Form>
          {failure && (
            <p role="alert" className="ws-flash ws-flash-error">
              {failure}
            </p>
          )}
          {counts && (
            <>
              <ul role="status">
                {counts.map(([label, count]) => (
                  <li key={label}>{`${label}: ${count}`}</li>
                ))}
              </ul>
              <p>
                <a href={csv} download>
                  Download as CSV
                </a>
              </p>
            </>
          )}
          {rows.length > 0 && (
            <DataTable
              caption="Reconciliation"
              head={[
                "Outcome",
                "Kind",
                "Razorpay id",
                "Reference",
                "Member",
                "Ledger",
                "Razorpay",
                "Fee and tax",
                "Settled on",
                "UTR",
              ]}
            >
              {rows.map((row) => (
                <tr key={row.key}>
                  <td className="ws-status">{row.differs ? <strong>{row.status}</strong> : row.status}</td>
                  <td>{row.kind}</td>
                  <td>{row.razorpayId}</td>
                  <td>{row.reference}</td>
                  <td>{row.name}</td>
                  <td>{row.ledgerAmount}</td>
                  <td>{row.razorpayAmount}</td>
                  <td>{row.fee}</td>
                  <td>{row.settledOn}</td>
                  <td>{row.utr}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </>
      )}
    </WorkspacePage>
  );
}
