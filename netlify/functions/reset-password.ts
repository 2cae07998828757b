/**
 * Choosing a new password with the single-use link of /forgot-password, or the secretariat's
 * set-your-password link (/secretariat/sign-in; purpose `set-password`).
 *   GET  /api/reset-password?token=… → 200 { usable: true } | { usable: false, reason, error }:
 *        whether the link still works; changes nothing (opening a link never spends it)
 *   POST /api/reset-password  body: JSON or form-urlencoded { token, password, confirmPassword }
 *   JSON → 200 { message } and the session cookie cleared | 400 { error, fields } (the link is
 *          not spent) | 400/410 { error } a link that is used, forged or expired (nothing changes)
 *   form → 303 /login?status=password-reset | 303 /reset-password?status=expired|used|invalid |
 *          the page again with the errors beside the fields (never the passwords), the token kept
 *   403 cross-site, 413, 415, 405 (Allow: GET, POST).
 * Setting the password ends every session of the account and mails the member.
 * See docs/decisions/0013. Env: SIGNING_SECRET, URL, and the mail settings.
 */
import type { Config } from "@netlify/functions";
import { checkAccountLink, passwordLinkPurpose } from "../../src/server/account/account-links.server.ts";
import { resetPassword } from "../../src/server/account/password-recovery.server.ts";
import { clearedSessionCookie } from "../../src/server/account/sessions.server.ts";
import { siteUrl } from "../../src/server/env.server.ts";
import { formPost } from "../../src/server/forms/form-post.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { json, NO_STORE } from "../../src/server/http/responses.server.ts";
import { LINK_REFUSALS, PASSWORD_RESET_DONE, stampLinkToken } from "../../src/shared/account-recovery.ts";
import { resetPasswordSchema } from "../../src/shared/schemas/account-recovery.ts";

const post = formPost({
  action: "/api/reset-password",
  page: "/reset-password",
  schema: resetPasswordSchema,
  maxBytes: 8192,
  secretFields: ["password", "confirmPassword"],
  unavailable:
    "Your password was not changed: we could not reach our records just now. Please try again in a minute.",
  async handle({ token, password }, { request }) {
    // The secretariat's set-your-password link is spent here too (its own purpose, checked as such).
    const outcome = await resetPassword(token, password, siteUrl(request), passwordLinkPurpose(token));
    if (!outcome.ok)
      return {
        ok: false,
        status: outcome.reason === "expired" ? 410 : 400,
        error: LINK_REFUSALS[outcome.reason],
        redirect: `/reset-password?status=${outcome.reason}`,
      };
    return {
      ok: true,
      body: { message: PASSWORD_RESET_DONE },
      redirect: "/login?status=password-reset",
      headers: { "Set-Cookie": clearedSessionCookie() },
    };
  },
});

export default endpoint({
  GET: async (request) => {
    const token = new URL(request.url).searchParams.get("token");
    const check = await checkAccountLink(token, passwordLinkPurpose(token));
    const body = check.ok
      ? { usable: true }
      : { usable: false, reason: check.reason, error: LINK_REFUSALS[check.reason] };
    return json(body, 200, NO_STORE);
  },
  POST: async (request, context) => {
    // A refused plain post gets its page back; the link's token (a hidden field, which the
    // pipeline does not refill) is written back into it, so the next try still carries it.
    const token = await plainPostToken(request);
    const response = await post(request, context);
    if (!token || !response.headers.get("content-type")?.startsWith("text/html")) return response;
    const headers = new Headers(response.headers);
    headers.delete("content-length");
    return new Response(stampLinkToken(await response.text(), token), { status: response.status, headers });
  },
});

async function plainPostToken(request: Request): Promise<string | null> {
  if (!request.headers.get("content-type")?.startsWith("application/x-www-form-urlencoded")) return null;
  if (Number(request.headers.get("content-length") ?? 0) > 8192) return null;
  const body = await request
    .clone()
    .text()
    .catch(() => "");
  return new URLSearchParams(body.slice(0, 8192)).get("token");
}

export const config: Config = {
  path: "/api/reset-password",
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
