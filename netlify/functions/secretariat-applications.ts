/**
 * The secretariat's applications, as data, and the actions on one (the buttons on
 * /secretariat/applications/<key>).
 *   GET /api/secretariat/applications?q=&status=&page=  → 200 { total, page, pages, rows: [{ key,
 *        applicationId, name, email, type, submittedAt, status, statusLabel, amountDue, needsPayment,
 *        reference, memberNumber }] }: search by name, e-mail, application id, member number or
 *        any payment reference, filter by status, 50 a page, newest first
 *   GET /api/secretariat/applications/<key>  → 200 { row, fields, mails, payment, rejected, history } | 404
 *   POST /api/secretariat/applications/<key>/payment  { amount, date, bankReference, completesFee? }
 *        'Payment received': records the payment once and activates the account exactly as the
 *        signed approval link does (the member is mailed once) → 200 { outcome: payment-recorded |
 *        payment-already | already-active }, or 409 { outcome: payment-rejected | payment-unconfirmed,
 *        error } with nothing recorded. A double press records one payment.
 *   POST /api/secretariat/applications/<key>/record-payment  { reference, amount, date, bankReference,
 *        completesFee?, lateReason? }
 *        'Record a payment': a renewal, rejoining or life instalment of an active, renewal-due,
 *        instalment-overdue, in-arrears or lapsed membership, by the reference its status says is
 *        due; recorded once per reference through the signed link's own path (the period set, the
 *        member mailed once) → 200 { outcome: membership-payment-recorded | payment-already }; a
 *        reference not due → 400 { error, fields: { reference } }, nothing changed.
 *        completesFee (true or "on"): this life instalment completes the life fee (how a fee still
 *        to be announced is known to be paid in full); lateReason: required for a late life
 *        instalment (after its year or beyond its number), else 400 beside the field (decision 0025).
 *   POST /api/secretariat/applications/<key>/reject  { reason, confirm: "yes" }
 *        → 200 { outcome: rejected | reject-already }, or 409 { outcome: reject-active, error }; the applicant is mailed the
 *        reason. Without confirm → 400 { error, fields: { confirm } }, nothing changed.
 *   POST /api/secretariat/applications/<key>/reopen  {}  a rejected application stands again,
 *        waiting for its payment; the applicant is mailed with what to pay → 200 { outcome:
 *        reopened | reopen-not-rejected }.
 *   A payment's date ('Date received') is refused beside its field after today in India or before
 *   the application was made (400, nothing recorded).
 *   The same forms are the actions of the page /secretariat/applications/<key>?do=<form>
 *   (src/server/secretariat/application-form.server.ts), where a form-urlencoded post is passed
 *   on with 307. 401 no session, 403 not the secretariat, 404 unknown application or action
 *   (nothing changes), 400 { error, fields } bad input, 403 cross-site, 413, 415, 405 for another
 *   method (Allow: GET, HEAD on the list and an application, POST on its actions). Every action is
 *   written to the audit log.
 * Env: SECRETARIAT_ACCOUNTS, URL, SECRETARIAT_EMAIL and the mail settings.
 */
import type { Config } from "@netlify/functions";
import { endpoint, type Method } from "../../src/server/http/endpoint.server.ts";
import { errorJson, json, NO_STORE } from "../../src/server/http/responses.server.ts";
import { applicationDetail } from "../../src/server/secretariat/application-detail.server.ts";
import { applicationForm, findApplication } from "../../src/server/secretariat/application-form.server.ts";
import { indexedAccounts } from "../../src/server/secretariat/application-index.server.ts";
import { findApplications, readQuery } from "../../src/server/secretariat/applications.server.ts";
import { requireSecretariat } from "../../src/server/secretariat/auth.server.ts";
import { NOT_FOUND, pathAfter, workspaceApi } from "../../src/server/secretariat/workspace-forms.server.ts";

const PREFIX = "/api/secretariat/applications/";
const PRIVATE = { ...NO_STORE, Vary: "Cookie" };

/** `<key>/<form>` after the prefix: the application (if it is one) and the form's name. */
async function find(url: URL) {
  const [key, form, ...rest] = pathAfter(url, PREFIX);
  if (rest.length > 0 || !form) return null;
  const account = await findApplication(key);
  return account ? { account, form } : null;
}

/** The list and one application are read; `<key>/<form>` is an action, only posted. */
function methodsAt(url: URL): Method[] | undefined {
  if (!`${url.pathname}/`.startsWith(PREFIX)) return undefined;
  return pathAfter(url, PREFIX).length < 2 ? ["GET"] : ["POST"];
}

export default endpoint(
  {
    GET: async (request: Request) => {
      const session = await requireSecretariat(request);
      if (session instanceof Response) return session;
      const url = new URL(request.url);
      const [key, ...rest] = pathAfter(url, PREFIX);
      if (key === undefined)
        return json(findApplications(await indexedAccounts(), readQuery(url.searchParams)), 200, PRIVATE);
      const account = rest.length === 0 ? await findApplication(key) : null;
      if (!account) return errorJson(404, NOT_FOUND, PRIVATE);
      return json(await applicationDetail(account), 200, PRIVATE);
    },
    POST: workspaceApi(find, ({ account, form }, session) => applicationForm(form, account, session)),
  },
  { content: true, methodsAt },
);

export const config: Config = {
  path: ["/api/secretariat/applications", "/api/secretariat/applications/*"],
};
