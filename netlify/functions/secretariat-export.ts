/**
 * The secretariat's export for the master sheet (docs/decisions/0016), for the signed-in
 * secretariat only (401 visitor, 403 member, checked first on the server).
 *   GET /api/secretariat/export/members.csv?from=YYYY-MM-DD&to=YYYY-MM-DD
 *       → 200 the applications activated in the period, in the directory sheet's columns, as a CSV
 *         download (UTF-8 with a byte order mark; formula-like cells neutralised), one audit line
 *       → 400 a bad period: the export page again with each error beside its field (a browser),
 *         or JSON { error, fields } (a script)
 *   405 (Allow: GET, HEAD).
 * Env: SECRETARIAT_ACCOUNTS.
 */
import type { Config } from "@netlify/functions";
import { fillForm } from "../../src/server/forms/fill-form.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { errorJson, html, PAGE_HEADERS, textResponse } from "../../src/server/http/responses.server.ts";
import { recordAction } from "../../src/server/secretariat/audit.server.ts";
import { requireSecretariat } from "../../src/server/secretariat/auth.server.ts";
import { activatedInPeriod, directoryCsv } from "../../src/server/secretariat/directory-export.server.ts";
import { EXPORT_API, EXPORT_PATH } from "../../src/server/secretariat/export-page.server.ts";
import { type PeriodAnswer, readPeriod } from "../../src/server/secretariat/export-period.server.ts";
import { workspacePageHtml } from "../../src/server/secretariat/routes.server.ts";

const REFUSED = "Nothing was exported: check the dates.";

const wantsPage = (request: Request) => (request.headers.get("accept") ?? "").includes("text/html");

async function refusal(request: Request, answer: Extract<PeriodAnswer, { ok: false }>): Promise<Response> {
  if (!wantsPage(request)) return errorJson(400, REFUSED, { Vary: "Cookie, Accept" }, answer.errors);
  const page = await workspacePageHtml(request, EXPORT_PATH);
  const filled = fillForm(page, {
    action: EXPORT_API,
    values: answer.values,
    errors: answer.errors,
    message: REFUSED,
  });
  return html(filled ?? page, 400, { ...PAGE_HEADERS, Vary: "Cookie, Accept" });
}

export default endpoint({
  async GET(request: Request) {
    const session = await requireSecretariat(request);
    if (session instanceof Response) return session;
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

export const config: Config = { path: "/api/secretariat/export/members.csv" };
