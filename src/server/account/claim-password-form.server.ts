import { CLAIM_LINK_REFUSALS, CLAIM_PASSWORD_PAGE } from "#shared/account-claim.ts";
import { resetPasswordSchema } from "#shared/schemas/account-recovery.ts";
import type { FormSpec } from "../forms/form-post.server.ts";
import { claimAccount } from "./account-claim.server.ts";
import { accountKey } from "./accounts.server.ts";
import { clearFailures } from "./login-throttle.server.ts";
import { sessionCookie } from "./sessions.server.ts";

/**
 * A register member's first password, with the claim link (the claim link's page's action): the
 * reset page's fields and rules (length, not a common password). Set, the member is signed in and
 * lands on the account page; a link that is used, replaced by a newer one, forged or expired
 * changes nothing, and the page says which (decision 0054).
 */
export const claimPasswordForm: FormSpec<typeof resetPasswordSchema> = {
  name: "claim-password",
  schema: resetPasswordSchema,
  maxBytes: 8192,
  secretFields: ["password", "confirmPassword"],
  unavailable:
    "Your password was not set: we could not reach our records just now. Please try again in a minute.",
  async handle({ token, password }, { ip }) {
    const outcome = await claimAccount(token, password);
    if (!outcome.ok)
      return {
        ok: false,
        status: outcome.reason === "expired" ? 410 : 400,
        error: CLAIM_LINK_REFUSALS[outcome.reason],
        redirect: `${CLAIM_PASSWORD_PAGE}?status=${outcome.reason}`,
      };
    await clearFailures(ip, accountKey(outcome.account.email));
    return {
      ok: true,
      redirect: "/account?status=claimed",
      headers: { "Set-Cookie": sessionCookie(outcome.session) },
    };
  },
};
