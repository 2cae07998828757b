import { CHANGES_CSV, MEMBERS_CSV } from "#shared/secretariat-paths.ts";
import { WorkspacePage } from "./workspace-frame.tsx";

export type ExportView = {
  /** The period shown: the default (this financial year so far), or the one asked for. */
  period: { from: string; to: string };
  /** Why the period asked for was refused, beside each field; empty when it was not. */
  errors: { from?: string; to?: string };
  maxYears: number;
  /** The first day of the members' own changes to export, and why a day asked for was refused. */
  since: string;
  sinceError: string | null;
};

/** One day of the period, with its problem beside it (the download is a plain GET, no fetcher). */
function DayField({
  name,
  label,
  value,
  error,
  hint,
}: {
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  /** The id of the sentence that says what the days mean. */
  hint: string;
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
        aria-describedby={error ? `${errorId} ${hint}` : hint}
      />
    </div>
  );
}

/**
 * The export for the master sheet: a GET form of two days whose answer is the CSV download. A
 * period the download refuses comes back here (this page's address with the days asked for),
 * each error beside its field; nothing is exported.
 */
export function ExportPage({ period, errors, maxYears, since, sinceError }: ExportView) {
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
        <DayField name="from" label="First day" value={period.from} error={errors.from} hint="period-hint" />
        <DayField name="to" label="Last day" value={period.to} error={errors.to} hint="period-hint" />
        <button type="submit">Download the CSV</button>
      </form>
      <p id="period-hint" className="ws-muted">
        Both days are included, dates as YYYY-MM-DD. At most {maxYears} years at a time. The default is this
        financial year so far (from 1 April).
      </p>
      <h2>Members' own changes to their details</h2>
      <p>
        Downloads the changes members made themselves to their position, institution, address and mobile
        number since a day, one row per member: the day of the change, the NAME and EMAIL of the sheet's row,
        the columns changed, and their new values in the sheet's own columns. Other members already see these
        changes; copy them into the master list. Name changes are mailed to you to confirm instead.
      </p>
      {sinceError && (
        <p className="ws-flash ws-flash-error" role="alert">
          Nothing was exported: check the day.
        </p>
      )}
      <form method="get" action={CHANGES_CSV} className="ws-inline" noValidate>
        <DayField
          name="since"
          label="Changes since"
          value={since}
          error={sinceError ?? undefined}
          hint="since-hint"
        />
        <button type="submit">Download the changes (CSV)</button>
      </form>
      <p id="since-hint" className="ws-muted">
        That day included, as YYYY-MM-DD, not after today. The default is the start of this financial year.
      </p>
    </WorkspacePage>
  );
}
