/**
 * The signed-in member's new e-mail address: a link to confirm it goes to the new address.
 *   POST /api/account/email  body: JSON or form-urlencoded { email, emailPassword }
 *   JSON → 200 { message } | 400 { error, fields } | 401 not signed in | 429 { error } Retry-After
 *   form → 303 /account/settings?status=email-sent | /login | the settings page again, filled in
 *   403 cross-site, 413, 415, 405 (Allow: POST).
 * An address that already has an account gets the same answer (its owner is told by e-mail).
 * See docs/decisions/0013. (Named to sort after api-not-found.) Env: URL, SIGNING_SECRET, mail.
 */
import type { Config } from "@netlify/functions";
import { NOT_SIGNED_IN, requestEmailChange } from "../../src/server/account/account-settings.server.ts";
import { currentAccount } from "../../src/server/account/sessions.server.ts";
import { siteUrl } from "../../src/server/env.server.ts";
import { type FormAnswer, formPost } from "../../src/server/forms/form-post.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { changeEmailSchema } from "../../src/shared/schemas/account-recovery.ts";

export default endpoint({
  POST: formPost({
    action: "/api/account/email",
    page: "/account/settings",
    schema: changeEmailSchema,
    maxBytes: 4096,
    secretFields: ["emailPassword"],
    unavailable:
      "Your address was not changed: we could not reach our records just now. Please try again in a minute.",
    async handle({ email, emailPassword }, { request, context }): Promise<FormAnswer> {
      const account = await currentAccount(request);
      if (!account) return NOT_SIGNED_IN;
      const ip = context.ip || "unknown";
      const result = await requestEmailChange(account, email, emailPassword, ip, siteUrl(request));
      if (!result.ok) return result;
      return { ok: true, body: { message: result.message }, redirect: "/account/settings?status=email-sent" };
    },
  }),
});

export const config: Config = {
  path: "/api/account/email",
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
