/**
 * The secretariat's export for the master sheet (docs/decisions/0016), for the signed-in
 * secretariat only (401 visitor, 403 member, checked first on the server).
 *   GET /api/secretariat/export/members.csv?from=YYYY-MM-DD&to=YYYY-MM-DD
 *       → 200 the applications activated in the period, in the directory sheet's columns, as a CSV
 *         download (UTF-8 with a byte order mark; formula-like cells neutralised), one audit line
 *       → 400 JSON { error, fields } for a bad period; a browser (which asks for a page) is sent
 *         on with 303 to /secretariat/export?from=&to=, which shows the period as asked with each
 *         error beside its field, and nothing is exported or logged
 *   GET /api/secretariat/export/changes.csv?since=YYYY-MM-DD
 *       → 200 the changes members made to their own details (My Directory Entry's details form) on or
 *         after that day, one row per member: CHANGED, NAME, EMAIL (the sheet's row), FIELDS CHANGED,
 *         then the new values in the sheet's columns; CSV as above, one audit line
 *       → 400 a missing, malformed or future day: JSON { error, fields: { since } } to a script; a
 *         browser is sent on with 303 to /secretariat/export?since=, the error beside the field
 *   405 (Allow: GET, HEAD).
 * Env: SECRETARIAT_ACCOUNTS.
 */
import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { errorJson, seeOther, textResponse } from "../../src/server/http/responses.server.ts";
import { recordAction } from "../../src/server/secretariat/audit.server.ts";
import { requireSecretariat } from "../../src/server/secretariat/auth.server.ts";
import { changesCsv, changesSince } from "../../src/server/secretariat/details-export.server.ts";
import { activatedInPeriod, directoryCsv } from "../../src/server/secretariat/directory-export.server.ts";
import { readPeriod, readSince } from "../../src/server/secretariat/export-period.server.ts";
import { todayInIndia } from "../../src/shared/format-date.ts";
import { CHANGES_CSV, EXPORT_PATH } from "../../src/shared/secretariat-paths.ts";

const REFUSED = "Nothing was exported: check the dates.";

const wantsPage = (request: Request) => (request.headers.get("accept") ?? "").includes("text/html");

/** A bad period: JSON to a script; the export page, showing what was asked and why not, to a browser. */
function refusal(
  request: Request,
  answer: { values: Record<string, string>; errors: Record<string, string | undefined> },
): Response {
  if (!wantsPage(request)) return errorJson(400, REFUSED, { Vary: "Cookie, Accept" }, answer.errors);
  return seeOther(`${EXPORT_PATH}?${new URLSearchParams(answer.values)}`, { Vary: "Cookie, Accept" });
}

/** The members' own changes to their details since a day (issue 33, 'members update their own details'). */
async function changesExport(request: Request, who: string): Promise<Response> {
  const answer = readSince(new URL(request.url).searchParams, todayInIndia());
  if (!answer.ok) return refusal(request, answer);
  const rows = await changesSince(answer.since);
  await recordAction({
    who,
    action: "details-export",
    record: `export/changes/${answer.since}`,
    summary: `Downloaded the members' own changes to their details since ${answer.since} (${rows.length} row${rows.length === 1 ? "" : "s"})`,
  });
  return textResponse(changesCsv(rows), "text/csv; charset=utf-8", {
    "Content-Disposition": `attachment; filename="isgpb-directory-changes-since-${answer.since}.csv"`,
    "Cache-Control": "no-store",
    Vary: "Cookie",
  });
}

export default endpoint(
  {
    async GET(request: Request) {
      const session = await requireSecretariat(request);
      if (session instanceof Response) return session;
      if (new URL(request.url).pathname === CHANGES_CSV) return changesExport(request, session.who);
      const answer = readPeriod(new URL(request.url).searchParams);
      if (!answer.ok) return refusal(request, answer);
      const { from, to } = answer.period;
      const rows = await activatedInPeriod(answer.period);
      await recordAction({
        who: session.who,
        action: "members-export",
        record: `export/members/${from}/${to}`,
        summary: `Downloaded the applications activated from ${from} to ${to} for the master sheet (${rows.length} row${rows.length === 1 ? "" : "s"})`,
      });
      return textResponse(directoryCsv(rows), "text/csv; charset=utf-8", {
        "Content-Disposition": `attachment; filename="isgpb-members-${from}-${to}.csv"`,
        "Cache-Control": "no-store",
        Vary: "Cookie",
      });
    },
  },
  { content: true },
);

// Literal paths: Netlify reads this config without running the module.
export const config: Config = {
  path: ["/api/secretariat/export/members.csv", "/api/secretariat/export/changes.csv"],
};
