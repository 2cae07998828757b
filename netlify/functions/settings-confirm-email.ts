/**
 * Confirming a new e-mail address with the link mailed to it.
 *   POST /api/account/confirm-email  body: JSON or form-urlencoded { token }
 *   JSON → 200 { message } (and a new session cookie if this browser was signed in to the account)
 *          | 400/410 { error } a link that is used, forged, expired or cross-purpose (nothing moves)
 *   form → 303 /account/confirm-email?status=changed|expired|used|invalid
 *   403 cross-site, 413, 415, 405 (Allow: POST).
 * The link opens a page; only its button (this POST) moves the account. See docs/decisions/0013.
 * The account's directory entry (found by the old address, which the sheet keeps) stays the
 * account's with its hidden details, and the secretariat is mailed that the sheet's address is out
 * of date (when the directory has an entry for it).
 * (Named to sort after api-not-found.) Env: SIGNING_SECRET, the mail settings.
 */
import type { Config } from "@netlify/functions";
import { confirmEmailChange } from "../../src/server/account/account-settings.server.ts";
import { currentAccount, sessionCookie } from "../../src/server/account/sessions.server.ts";
import { directoryAfterAddressChange } from "../../src/server/directory/address-change.server.ts";
import { type FormAnswer, formPost } from "../../src/server/forms/form-post.server.ts";
import { endpoint, logFailure } from "../../src/server/http/endpoint.server.ts";
import { membershipOf } from "../../src/server/membership/membership.server.ts";
import { EMAIL_CHANGED, LINK_REFUSALS } from "../../src/shared/account-recovery.ts";
import { confirmEmailChangeSchema } from "../../src/shared/schemas/account-recovery.ts";

export default endpoint({
  POST: formPost({
    action: "/api/account/confirm-email",
    page: "/account/confirm-email",
    schema: confirmEmailChangeSchema,
    maxBytes: 4096,
    unavailable:
      "Your address was not changed: we could not reach our records just now. Please try again in a minute.",
    async handle({ token }, { request }): Promise<FormAnswer> {
      const outcome = await confirmEmailChange(token, await currentAccount(request));
      if (outcome.ok)
        // The move is done: the directory's part (its hidden details, the secretariat's notice) must
        // not undo it, so a failure here is logged, not answered.
        await directoryAfterAddressChange(
          outcome.previous,
          outcome.account,
          membershipOf(outcome.account).memberNumber,
        ).catch((error) => logFailure(request, error));
      if (!outcome.ok)
        return {
          ok: false,
          status: outcome.reason === "expired" ? 410 : 400,
          error: LINK_REFUSALS[outcome.reason],
          redirect: `/account/confirm-email?status=${outcome.reason}`,
        };
      return {
        ok: true,
        body: { message: EMAIL_CHANGED },
        redirect: "/account/confirm-email?status=changed",
        ...(outcome.session ? { headers: { "Set-Cookie": sessionCookie(outcome.session) } } : {}),
      };
    },
  }),
});

export const config: Config = {
  path: "/api/account/confirm-email",
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
