import { MEMBERS_CSV } from "#shared/secretariat-paths.ts";
import { WorkspacePage } from "./workspace-frame.tsx";

export type ExportView = {
  /** The period shown: the default (this financial year so far), or the one asked for. */
  period: { from: string; to: string };
  /** Why the period asked for was refused, beside each field; empty when it was not. */
  errors: { from?: string; to?: string };
  maxYears: number;
};

/** One day of the period, with its problem beside it (the download is a plain GET, no fetcher). */
function DayField({
  name,
  label,
  value,
  error,
}: {
  name: string;
  label: string;
  value: string;
  error?: string;
}) {
  const errorId = `${name}-error`;
  return (
    <div className="ws-field">
      <label htmlFor={name}>{label}</label>
      {error && (
        <p id={errorId} className="field-error">
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      )}
      <input
        id={name}
        name={name}
        type="date"
        required
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} period-hint` : "period-hint"}
      />
    </div>
  );
}

/**
 * The export for the master sheet: a GET form of two days whose answer is the CSV download. A
 * period the download refuses comes back here (this page's address with the days asked for),
 * each error beside its field; nothing is exported.
 */
export function ExportPage({ period, errors, maxYears }: ExportView) {
  const refused = Boolean(errors.from || errors.to);
  return (
    <WorkspacePage title="Export for the master sheet">
      <p>
        Downloads the applications activated in a period (the day their first payment was confirmed) as a CSV
        file in the member directory sheet's own columns: NAME, POSITION, UNIVERSITY, ADDRESS1, ADDRESS2,
        CITY, STATE, EMAIL, MOBILE. Paste its rows into the master list.
      </p>
      <p>
        The application form has no university field: the UNIVERSITY column is left empty for you to fill in
        from the address. A cell that would start with =, +, - or @ begins with an apostrophe, so the
        spreadsheet shows it as text and never runs it as a formula.
      </p>
      {refused && (
        <p className="ws-flash ws-flash-error" role="alert">
          Nothing was exported: check the dates.
        </p>
      )}
      {/* A plain form: its answer is a file the browser saves, never a page to route to. */}
      <form method="get" action={MEMBERS_CSV} className="ws-inline" noValidate>
        <DayField name="from" label="First day" value={period.from} error={errors.from} />
        <DayField name="to" label="Last day" value={period.to} error={errors.to} />
        <button type="submit">Download the CSV</button>
      </form>
      <p id="period-hint" className="ws-muted">
        Both days are included, dates as YYYY-MM-DD. At most {maxYears} years at a time. The default is this
        financial year so far (from 1 April).
      </p>
    </WorkspacePage>
  );
}
