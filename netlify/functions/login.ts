/**
 * Member sign-in.
 *   POST /api/login  body: JSON or form-urlencoded { email, password }
 *   JSON → 200 { name, home } and the session cookie (home: `next` if given, else /secretariat for
 *        the secretariat role, else the account page) | 401 { error } | 429 { error } with Retry-After
 *        | 403 { error } the right password, but the address is not confirmed yet (no session)
 *   form → 303 to /account?status=…&id=… (the secretariat: /secretariat) | /login?status=unverified; a refusal (400, 401, 429)
 *          is the login page again with the address kept (never the password) and the error
 *   An optional `next` field (the login page's `?next=`, a path on this site; anything else is
 *   ignored) is where a plain post goes after signing in, and is answered as `next` to a script;
 *   a refused plain post comes back to /login?next=… so the page keeps it.
 *   400 malformed, 403 cross-site, 413, 415, 405 (Allow: POST).
 * A wrong address and a wrong password get the same answer in about the same time (an unknown
 * address is checked against a decoy hash). A network that sent too many wrong passwords (for
 * this account, or in all) waits out a 15-minute window; no other network is ever refused, so a
 * stranger cannot lock the owner out (src/server/account/login-throttle.server.ts).
 * Every answer is Cache-Control: no-store.
 * Env: none.
 */
import type { Config } from "@netlify/functions";
import { accountKey, findAccount, isVerified } from "../../src/server/account/accounts.server.ts";
import {
  clearFailures,
  recordFailure,
  retryAfterSeconds,
  throttledMessage,
} from "../../src/server/account/login-throttle.server.ts";
import { verifyAgainstDecoy, verifyPassword } from "../../src/server/account/password.server.ts";
import { accountPage, sessionCookie, startSession } from "../../src/server/account/sessions.server.ts";
import { type FormAnswer, formPost } from "../../src/server/forms/form-post.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { ensureDemoSecretariat, homeOf } from "../../src/server/secretariat/auth.server.ts";
import { LOGIN_FAILED, LOGIN_UNVERIFIED } from "../../src/shared/account.ts";
import type { SignedInAnswer } from "../../src/shared/api/account.ts";
import { LOGIN_INVALID } from "../../src/shared/forms/sign-in-fields.ts";
import { loginReturningTo, RETURN_FIELD, safeReturnPath } from "../../src/shared/return-path.ts";
import { loginSchema } from "../../src/shared/schemas/enrolment.ts";
import { z } from "../../src/shared/zod.ts";

/** The form's fields: sign-in's own, and where to go afterwards (checked, never trusted). */
const schema = loginSchema.extend({
  [RETURN_FIELD]: z
    .string()
    .max(2048)
    .optional()
    .transform((value) => safeReturnPath(value) ?? undefined),
});

export default endpoint({
  POST: formPost({
    action: "/api/login",
    page: (input) => {
      const next = safeReturnPath(input[RETURN_FIELD]);
      return next ? loginReturningTo(next) : "/login";
    },
    schema,
    maxBytes: 4096,
    secretFields: ["password"],
    invalid: LOGIN_INVALID,
    unavailable:
      "You are not signed in: we could not reach our records just now. Please try again in a minute.",
    async handle({ email, password, next }, { context }): Promise<FormAnswer> {
      const key = accountKey(email);
      const ip = context.ip || "unknown";
      const wait = await retryAfterSeconds(ip, key);
      if (wait > 0)
        return {
          ok: false,
          status: 429,
          error: throttledMessage(wait),
          headers: { "Retry-After": String(wait) },
        };

      // Off a deploy, the workspace's demo account is made on its first sign-in (README).
      await ensureDemoSecretariat(email);
      const account = await findAccount(email);
      const genuine = account
        ? await verifyPassword(password, account.passwordHash)
        : await verifyAgainstDecoy(password);
      if (!account || !genuine) {
        await recordFailure(ip, key);
        return { ok: false, status: 401, error: LOGIN_FAILED };
      }

      await clearFailures(ip, key);
      // Only the right password learns this, so it tells a stranger nothing.
      if (!isVerified(account))
        return { ok: false, status: 403, error: LOGIN_UNVERIFIED, redirect: "/login?status=unverified" };
      const home = homeOf(account, accountPage(account));
      return {
        ok: true,
        // Where to go now: the checked return path, else the account's own landing page.
        body: { name: account.name, home: next ?? home } satisfies SignedInAnswer,
        redirect: next ?? home,
        headers: { "Set-Cookie": sessionCookie(await startSession(key)) },
      };
    },
  }),
});

export const config: Config = {
  path: "/api/login",
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
