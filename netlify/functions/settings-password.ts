/**
 * The signed-in member's new password.
 *   POST /api/account/password  body: JSON or form-urlencoded { currentPassword, password, confirmPassword }
 *   JSON → 200 { message } and a new session cookie | 400 { error, fields } | 401 not signed in
 *          | 429 { error } with Retry-After (wrong current passwords count as wrong sign-ins)
 *   form → 303 /account/settings?status=password-changed | /login (not signed in) | the settings
 *          page again with the errors beside the fields (the passwords never written back)
 *   403 cross-site, 413, 415, 405 (Allow: POST).
 * Every other session of the account ends; the member is told by e-mail. See docs/decisions/0013.
 * (Named to sort after api-not-found, which the local emulator would otherwise try first.)
 * Env: URL and the mail settings.
 */
import type { Config } from "@netlify/functions";
import { changePassword, NOT_SIGNED_IN } from "../../src/server/account/account-settings.server.ts";
import { currentAccount, sessionCookie } from "../../src/server/account/sessions.server.ts";
import { siteUrl } from "../../src/server/env.server.ts";
import { type FormAnswer, formPost } from "../../src/server/forms/form-post.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { PASSWORD_CHANGED } from "../../src/shared/account-recovery.ts";
import { changePasswordSchema } from "../../src/shared/schemas/account-recovery.ts";

export default endpoint({
  POST: formPost({
    action: "/api/account/password",
    page: "/account/settings",
    schema: changePasswordSchema,
    maxBytes: 4096,
    secretFields: ["currentPassword", "password", "confirmPassword"],
    unavailable:
      "Your password was not changed: we could not reach our records just now. Please try again in a minute.",
    async handle({ currentPassword, password }, { request, context }): Promise<FormAnswer> {
      const account = await currentAccount(request);
      if (!account) return NOT_SIGNED_IN;
      const result = await changePassword(
        account,
        currentPassword,
        password,
        context.ip || "unknown",
        siteUrl(request),
      );
      if (!result.ok) return result;
      return {
        ok: true,
        body: { message: PASSWORD_CHANGED },
        redirect: "/account/settings?status=password-changed",
        headers: { "Set-Cookie": sessionCookie(result.session) },
      };
    },
  }),
});

export const config: Config = {
  path: "/api/account/password",
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
