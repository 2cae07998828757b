/**
 * The secretariat's export for the master sheet (docs/decisions/0016), for the signed-in
 * secretariat only (401 visitor, 403 member, checked first on the server).
 *   GET /api/secretariat/export/members.csv?from=YYYY-MM-DD&to=YYYY-MM-DD
 *       → 200 the applications activated in the period, in the directory sheet's columns, as a CSV
 *         download (UTF-8 with a byte order mark; formula-like cells neutralised), one audit line
 *       → 400 a bad period: the export page again with each error beside its field (a browser),
 *         or JSON { error, fields } (a script)
 *   GET /api/secretariat/export/changes.csv?since=YYYY-MM-DD
 *       → 200 the changes members made to their own details (POST /api/account/details) on or
 *         after that day, one row per member: CHANGED, NAME, EMAIL (the sheet's row), FIELDS CHANGED,
 *         then the new values in the sheet's columns; CSV as above, one audit line
 *       → 400 a missing, malformed or future day (JSON { error, fields: { since } }, or the export
 *         page again with the error beside the field)
 *   405 (Allow: GET, HEAD).
 * Env: SECRETARIAT_ACCOUNTS.
 */
import type { Config } from "@netlify/functions";
import { fillForm } from "../../src/server/forms/fill-form.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { errorJson, html, PAGE_HEADERS, textResponse } from "../../src/server/http/responses.server.ts";
import { recordAction } from "../../src/server/secretariat/audit.server.ts";
import { requireSecretariat } from "../../src/server/secretariat/auth.server.ts";
import { changesCsv, changesSince } from "../../src/server/secretariat/details-export.server.ts";
import { activatedInPeriod, directoryCsv } from "../../src/server/secretariat/directory-export.server.ts";
import { EXPORT_API, EXPORT_PATH } from "../../src/server/secretariat/export-page.server.ts";
import { readPeriod, readSince } from "../../src/server/secretariat/export-period.server.ts";
import { workspacePageHtml } from "../../src/server/secretariat/routes.server.ts";
import { todayInIndia } from "../../src/shared/format-date.ts";

const REFUSED = "Nothing was exported: check the dates.";

const wantsPage = (request: Request) => (request.headers.get("accept") ?? "").includes("text/html");

async function refusal(
  request: Request,
  answer: { values: Record<string, string>; errors: Record<string, string | undefined> },
  action = EXPORT_API,
): Promise<Response> {
  if (!wantsPage(request)) return errorJson(400, REFUSED, { Vary: "Cookie, Accept" }, answer.errors);
  const page = await workspacePageHtml(request, EXPORT_PATH);
  const filled = fillForm(page, {
    action,
    values: answer.values,
    errors: answer.errors,
    message: REFUSED,
  });
  return html(filled ?? page, 400, { ...PAGE_HEADERS, Vary: "Cookie, Accept" });
}

const CHANGES_API = "/api/secretariat/export/changes.csv";

async function changesExport(request: Request, who: string): Promise<Response> {
  const answer = readSince(new URL(request.url).searchParams, todayInIndia());
  if (!answer.ok) return refusal(request, answer, CHANGES_API);
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

export default endpoint({
  async GET(request: Request) {
    const session = await requireSecretariat(request);
    if (session instanceof Response) return session;
    if (new URL(request.url).pathname === CHANGES_API) return changesExport(request, session.who);
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
});

// Literal paths: Netlify reads this config without running the module.
export const config: Config = {
  path: ["/api/secretariat/export/members.csv", "/api/secretariat/export/changes.csv"],
};
