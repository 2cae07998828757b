import { LINK_REFUSALS } from "#shared/account-recovery.ts";
import { resetPasswordSchema } from "#shared/schemas/account-recovery.ts";
import { siteUrl } from "../env.server.ts";
import type { FormSpec } from "../forms/form-post.server.ts";
import { passwordLinkPurpose } from "./account-links.server.ts";
import { accountKey } from "./accounts.server.ts";
import { clearFailures } from "./login-throttle.server.ts";
import { resetPassword } from "./password-recovery.server.ts";
import { clearedSessionCookie } from "./sessions.server.ts";

/**
 * A new password with the single-use link of /forgot-password, or the secretariat's
 * set-your-password link (its own purpose, checked as such): the reset page's action. Setting it ends every session of the account and mails the member; a link
 * that is used, forged or expired changes nothing, and the page says so (decision 0013). The
 * network that set it is forgiven its wrong passwords for the account, as a right password would
 * be: whoever forgot the password and guessed is not then kept out of the new one.
 */
export const resetPasswordForm: FormSpec<typeof resetPasswordSchema> = {
  name: "reset-password",
  schema: resetPasswordSchema,
  maxBytes: 8192,
  secretFields: ["password", "confirmPassword"],
  unavailable:
    "Your password was not changed: we could not reach our records just now. Please try again in a minute.",
  async handle({ token, password }, { request, ip }) {
    const outcome = await resetPassword(token, password, siteUrl(request), passwordLinkPurpose(token));
    if (outcome.ok) await clearFailures(ip, accountKey(outcome.account.email));
    if (!outcome.ok)
      return {
        ok: false,
        status: outcome.reason === "expired" ? 410 : 400,
        error: LINK_REFUSALS[outcome.reason],
        redirect: `/reset-password?status=${outcome.reason}`,
      };
    return {
      ok: true,
      redirect: "/login?status=password-reset",
      headers: { "Set-Cookie": clearedSessionCookie() },
    };
  },
};
