/**
 * 'Close my account' on /account/my-data.
 *   POST /api/account/close  body: JSON or form-urlencoded { password }
 *   JSON → 200 { message } and the session cookie cleared | 400 { error, fields } (a wrong password
 *          is an error beside the field) | 401 signed out | 429 with Retry-After | 503
 *   form → 303 to /account/closed | /login?next=/account/my-data signed out | a refusal: the page
 *          again with the error beside the field (never the password)
 *   403 cross-site, 413, 415, 405 (Allow: POST).
 * Deletes the account, every session of it and its own sign-in failure records; the application
 * stays as the society's record; the secretariat is told by mail (stored first, then sent).
 * Wrong passwords count against the sign-in throttle, so a borrowed session cannot guess freely.
 * Env: SECRETARIAT_EMAIL, RESEND_API_KEY, MAIL_FROM.
 */
import type { Config } from "@netlify/functions";
import { signInFirst } from "../../src/server/account/account-request.server.ts";
import { closeAccount } from "../../src/server/account/close-account.server.ts";
import {
  recordFailure,
  retryAfterSeconds,
  throttledMessage,
} from "../../src/server/account/login-throttle.server.ts";
import { verifyPassword } from "../../src/server/account/password.server.ts";
import { clearedSessionCookie, currentAccount } from "../../src/server/account/sessions.server.ts";
import { type FormAnswer, formPost } from "../../src/server/forms/form-post.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { WRONG_PASSWORD } from "../../src/shared/forms/own-data-fields.ts";
import { CLOSED_ACCOUNT_MESSAGE } from "../../src/shared/member-privacy.ts";
import { closeAccountSchema } from "../../src/shared/schemas/own-data.ts";

const PAGE = "/account/my-data";

export default endpoint({
  POST: formPost({
    action: "/api/account/close",
    page: PAGE,
    schema: closeAccountSchema,
    maxBytes: 2048,
    secretFields: ["password"],
    unavailable: "Your account is not closed: we could not reach our records just now. Please try again.",
    async handle({ password }, { request, context }): Promise<FormAnswer> {
      const account = await currentAccount(request);
      if (!account) return signInFirst(PAGE);
      const ip = context.ip || "unknown";
      const wait = await retryAfterSeconds(ip, account.key);
      if (wait > 0)
        return {
          ok: false,
          status: 429,
          error: throttledMessage(wait),
          headers: { "Retry-After": String(wait) },
        };
      if (!(await verifyPassword(password, account.passwordHash))) {
        await recordFailure(ip, account.key);
        return { ok: false, status: 400, error: WRONG_PASSWORD, fields: { password: WRONG_PASSWORD } };
      }
      await closeAccount(account);
      return {
        ok: true,
        body: { message: CLOSED_ACCOUNT_MESSAGE },
        redirect: "/account/closed",
        headers: { "Set-Cookie": clearedSessionCookie() },
      };
    },
  }),
});

export const config: Config = {
  path: "/api/account/close",
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
