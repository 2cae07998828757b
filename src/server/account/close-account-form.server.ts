import { SECRETARIAT_NOT_CLOSED } from "#shared/account-recovery.ts";
import { WRONG_PASSWORD } from "#shared/forms/own-data-fields.ts";
import { closeAccountSchema } from "#shared/schemas/own-data.ts";
import { siteUrl } from "../env.server.ts";
import type { FormAnswer, FormSpec } from "../forms/form-post.server.ts";
import { signInFirst } from "./account-request.server.ts";
import { accountKey } from "./accounts.server.ts";
import { closeAccount } from "./close-account.server.ts";
import { beginPasswordAttempt, passwordAccepted, throttledMessage } from "./login-throttle.server.ts";
import { verifyPassword } from "./password.server.ts";
import { clearedSessionCookie, currentAccount } from "./sessions.server.ts";

const PAGE = "/account/my-data";

/**
 * 'Close my account', with the password: closes the account, ends its sessions, deletes its
 * throttle entries, keeps the membership's record and the application, tells the secretariat
 * (decisions 0015 and 0037). Wrong passwords count as sign-in's do, under the address. The my-data
 * page's action.
 */
export const closeAccountForm: FormSpec<typeof closeAccountSchema> = {
  name: "close-account",
  schema: closeAccountSchema,
  maxBytes: 2048,
  secretFields: ["password"],
  unavailable: "Your account is not closed: we could not reach our records just now. Please try again.",
  async handle({ password }, { request, ip }): Promise<FormAnswer> {
    const account = await currentAccount(request);
    if (!account) return signInFirst(PAGE);
    if (account.role === "secretariat") return { ok: false, status: 403, error: SECRETARIAT_NOT_CLOSED };
    const throttleKey = accountKey(account.email);
    const attempt = await beginPasswordAttempt(ip, throttleKey);
    const { wait } = attempt;
    if (wait > 0)
      return {
        ok: false,
        status: 429,
        error: throttledMessage(wait),
        headers: { "Retry-After": String(wait) },
      };
    if (!(await verifyPassword(password, account.passwordHash)))
      return { ok: false, status: 400, error: WRONG_PASSWORD, fields: { password: WRONG_PASSWORD } };
    await passwordAccepted(ip, throttleKey, attempt);
    await closeAccount(account, siteUrl(request));
    return {
      ok: true,
      redirect: "/account/closed",
      headers: { "Set-Cookie": clearedSessionCookie() },
    };
  },
};
