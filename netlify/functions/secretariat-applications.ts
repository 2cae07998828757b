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
 *        signed approval link does (the member is mailed once) → 200 { outcome } | form: 303 back
 *        with ?done=payment-recorded | payment-already | already-active. A double press records one payment.
 *   POST /api/secretariat/applications/<key>/record-payment  { reference, amount, date, bankReference,
 *        completesFee?, lateReason? }
 *        'Record a payment': a renewal, rejoining or life instalment of an active, renewal-due,
 *        instalment-overdue, in-arrears or lapsed membership, by the reference its status says is due;
 *        recorded once per reference through the signed link's own path (the period set, the member
 *        mailed once) → 200 { outcome } | form: 303 back with ?done=membership-payment-recorded |
 *        payment-already; a reference not due → 400 with the error beside the field, nothing changed.
 *        completesFee ("on"): this life instalment completes the life fee (how a fee still to be
 *        announced is known to be paid in full); lateReason: required for a late life instalment
 *        (after its year or beyond its number), else 400 beside the field (decision 0025).
 *   POST /api/secretariat/applications/<key>/reject  { reason, confirm: "yes" }
 *        → 200 { outcome } | form: 303 back with ?done=rejected | reject-already | reject-active;
 *        the applicant is mailed the reason. Without confirm → 400 { error, fields: { confirm } }
 *        (a plain form: the page again, the reason as typed, the request to confirm beside the
 *        confirmation), nothing changed.
 *   POST /api/secretariat/applications/<key>/reopen  {}  a rejected application stands again,
 *        waiting for its payment; the applicant is mailed with what to pay → 200 { outcome } |
 *        form: 303 back with ?done=reopened | reopen-not-rejected.
 *   A payment's date ('Date received') is refused beside its field after today in India or before
 *   the application was made (400, nothing recorded).
 *   401 no session, 403 not the secretariat, 404 unknown application or action (nothing
 *   changes), 400 bad input (form: the page again with the error beside the field), 403
 *   cross-site, 413, 415, 405 (Allow: GET, POST). Every action is written to the audit log.
 * Env: SECRETARIAT_ACCOUNTS, URL, SECRETARIAT_EMAIL and the mail settings.
 */
import type { Config } from "@netlify/functions";
import { siteUrl } from "../../src/server/env.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { errorJson, json, NO_STORE } from "../../src/server/http/responses.server.ts";
import {
  actionSpec,
  NOT_FOUND,
  pathAfter,
  secretariatAction,
} from "../../src/server/secretariat/action.server.ts";
import {
  applicationAccount,
  paymentDateRefusal,
  recordPayment,
  rejectApplication,
  reopenApplication,
} from "../../src/server/secretariat/application-actions.server.ts";
import { applicationDetail } from "../../src/server/secretariat/application-detail.server.ts";
import { indexedAccounts } from "../../src/server/secretariat/application-index.server.ts";
import { findApplications, readQuery } from "../../src/server/secretariat/applications.server.ts";
import { requireSecretariat } from "../../src/server/secretariat/auth.server.ts";
import { withFlash } from "../../src/server/secretariat/flash.server.ts";
import {
  NOT_DUE,
  REASON_NEEDED,
  recordMembershipPayment,
} from "../../src/server/secretariat/membership-payment-action.server.ts";
import {
  membershipPaymentSchema,
  paymentSchema,
  REJECT_CONFIRM,
  rejectSchema,
  reopenSchema,
} from "../../src/shared/schemas/secretariat.ts";

const PREFIX = "/api/secretariat/applications/";
const PRIVATE = { ...NO_STORE, Vary: "Cookie" };
const NOT_RECORDED = "The payment was not recorded: please correct the highlighted fields.";
const ACTIONS = ["payment", "record-payment", "reject", "reopen"];
const UNAVAILABLE =
  "Nothing was changed: we could not reach our records just now. Please try again in a minute.";

async function find(url: URL) {
  const [key = "", action = "", ...rest] = pathAfter(url, PREFIX);
  if (rest.length > 0 || !ACTIONS.includes(action)) return null;
  const account = await applicationAccount(key);
  return account ? { account, action } : null;
}

const page = (key: string) => `/secretariat/applications/${key}`;

export default endpoint({
  GET: async (request: Request) => {
    const session = await requireSecretariat(request);
    if (session instanceof Response) return session;
    const url = new URL(request.url);
    const [key, ...rest] = pathAfter(url, PREFIX);
    if (key === undefined)
      return json(findApplications(await indexedAccounts(), readQuery(url.searchParams)), 200, PRIVATE);
    const account = rest.length === 0 ? await applicationAccount(key) : null;
    if (!account) return errorJson(404, NOT_FOUND, PRIVATE);
    return json(await applicationDetail(account), 200, PRIVATE);
  },
  POST: secretariatAction(find, ({ account, action }, url) =>
    action === "record-payment"
      ? actionSpec({
          action: url.pathname,
          page: page(account.key),
          schema: membershipPaymentSchema,
          maxBytes: 4096,
          invalid: NOT_RECORDED,
          unavailable: UNAVAILABLE,
          async handle(entry, { session, request }) {
            const date = paymentDateRefusal(account, entry.date);
            if (date) return { ok: false, status: 400, error: NOT_RECORDED, fields: { date } };
            const { outcome } = await recordMembershipPayment(account, entry, session.who, siteUrl(request));
            if (outcome === "not-due")
              return { ok: false, status: 400, error: NOT_RECORDED, fields: { reference: NOT_DUE } };
            if (outcome === "reason-needed")
              return { ok: false, status: 400, error: NOT_RECORDED, fields: { lateReason: REASON_NEEDED } };
            return { ok: true, body: { outcome }, redirect: withFlash(page(account.key), outcome) };
          },
        })
      : action === "payment"
        ? actionSpec({
            action: url.pathname,
            page: page(account.key),
            schema: paymentSchema,
            maxBytes: 4096,
            invalid: NOT_RECORDED,
            unavailable: UNAVAILABLE,
            async handle(entry, { session, request }) {
              const date = paymentDateRefusal(account, entry.date);
              if (date) return { ok: false, status: 400, error: NOT_RECORDED, fields: { date } };
              const outcome = await recordPayment(account, entry, session.who, siteUrl(request));
              return { ok: true, body: { outcome }, redirect: withFlash(page(account.key), outcome) };
            },
          })
        : action === "reopen"
          ? actionSpec({
              action: url.pathname,
              page: page(account.key),
              schema: reopenSchema,
              maxBytes: 1024,
              unavailable: UNAVAILABLE,
              async handle(_press, { session, request }) {
                const outcome = await reopenApplication(account, session.who, siteUrl(request));
                return { ok: true, body: { outcome }, redirect: withFlash(page(account.key), outcome) };
              },
            })
          : actionSpec({
              action: url.pathname,
              page: page(account.key),
              schema: rejectSchema,
              maxBytes: 8192,
              invalid: "The application was not rejected: please give the reason.",
              unavailable: UNAVAILABLE,
              async handle({ reason, confirm }, { session }) {
                // Unconfirmed: asked to confirm, the reason kept as typed, nothing changed.
                if (!confirm)
                  return {
                    ok: false,
                    status: 400,
                    error: "The application was not rejected: please confirm.",
                    fields: { confirm: REJECT_CONFIRM },
                  };
                const outcome = await rejectApplication(account, reason, session.who);
                return { ok: true, body: { outcome }, redirect: withFlash(page(account.key), outcome) };
              },
            }),
  ),
});

export const config: Config = {
  path: ["/api/secretariat/applications", "/api/secretariat/applications/*"],
};
