import { dayInIndia } from "#shared/membership/calendar.ts";
import { membershipContent } from "../membership/membership-content.server.ts";
import { MAX_PERIOD_YEARS, type Period, yearSoFar } from "./export-period.server.ts";
import { markup } from "./markup.server.ts";
import type { PageContent } from "./pages.server.ts";
import { field } from "./view-parts.server.ts";

export const EXPORT_PATH = "/secretariat/export";
/** The download: a GET, so the form is a plain link-like request the browser saves as a file. */
export const EXPORT_API = "/api/secretariat/export/members.csv";

/** The default period: the financial year so far, as the society counts it (in India). */
export const defaultPeriod = (now = new Date()): Period =>
  yearSoFar(dayInIndia(now), membershipContent().calendar.financialYearStartMonth);

/**
 * The export's page: a GET form of two dates that downloads the CSV. A refused period comes back
 * as this page filled in by fillForm (the form pipeline's), each error beside its field.
 */
export async function exportPage(): Promise<PageContent> {
  const period = defaultPeriod();
  return {
    title: "Export for the master sheet",
    body: markup`<p>Downloads the applications activated in a period (the day their first payment was confirmed) as a CSV file in the member directory sheet's own columns: NAME, POSITION, UNIVERSITY, ADDRESS1, ADDRESS2, CITY, STATE, EMAIL, MOBILE. Paste its rows into the master list.</p>
<p>The application form has no university field: the UNIVERSITY column is left empty for you to fill in from the address. A cell that would start with =, +, - or @ begins with an apostrophe, so the spreadsheet shows it as text and never runs it as a formula.</p>
<form method="get" action="${EXPORT_API}" class="ws-inline" novalidate>
${field("from", "First day", "input", { type: "date", required: true, "aria-describedby": "period-hint" }, period.from)}
${field("to", "Last day", "input", { type: "date", required: true, "aria-describedby": "period-hint" }, period.to)}
<button type="submit">Download the CSV</button>
</form>
<p id="period-hint" class="ws-muted">Both days are included, dates as YYYY-MM-DD. At most ${String(MAX_PERIOD_YEARS)} years at a time. The default is this financial year so far (from 1 April).</p>`,
  };
}
