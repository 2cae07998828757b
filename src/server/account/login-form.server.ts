import { LOGIN_FAILED, LOGIN_UNVERIFIED, type LoginNotice } from "#shared/account.ts";
import { PASSWORD_RESET_DONE } from "#shared/account-recovery.ts";
import { LOGIN_INVALID } from "#shared/forms/sign-in-fields.ts";
import { RETURN_FIELD, safeReturnPath } from "#shared/return-path.ts";
import { loginSchema } from "#shared/schemas/enrolment.ts";
import { z } from "#shared/zod.ts";
import type { FormAnswer, FormSpec } from "../forms/form-post.server.ts";
import { ensureDemoSecretariat, homeOf } from "../secretariat/auth.server.ts";
import { accountKey, findSignInAccount, isVerified } from "./accounts.server.ts";
import { beginPasswordAttempt, passwordAccepted, throttledMessage } from "./login-throttle.server.ts";
import { verifyAgainstDecoy, verifyPassword } from "./password.server.ts";
import { accountPage, sessionCookie, startSession } from "./sessions.server.ts";

/** The form's fields: sign-in's own, and where to go afterwards (checked, never trusted). */
const schema = loginSchema.extend({
  [RETURN_FIELD]: z
    .string()
    .max(2048)
    .optional()
    .transform((value) => safeReturnPath(value) ?? undefined),
});

/**
 * Member sign-in (the login page's action). A wrong address and a wrong
 * password get the same answer in about the same time (an unknown address is checked against a
 * decoy hash). A network that sent too many wrong passwords (for this account, or in all) waits
 * out a 15-minute window; no other network is ever refused, so a stranger cannot lock the owner
 * out (login-throttle.server.ts). Signed in: the return path, else the account's own landing page.
 */
export const loginForm: FormSpec<typeof schema> = {
  name: "login",
  schema,
  maxBytes: 4096,
  secretFields: ["password"],
  invalid: LOGIN_INVALID,
  unavailable:
    "You are not signed in: we could not reach our records just now. Please try again in a minute.",
  async handle({ email, password, next }, { ip }): Promise<FormAnswer> {
    const key = accountKey(email);
    const attempt = await beginPasswordAttempt(ip, key);
    const { wait } = attempt;
    if (wait > 0)
      return {
        ok: false,
        status: 429,
        error: throttledMessage(wait),
        headers: { "Retry-After": String(wait) },
      };

    // Off a deploy, the workspace's demo account is made on its first sign-in (README).
    await ensureDemoSecretariat(email);
    const account = await findSignInAccount(email);
    const genuine = account
      ? await verifyPassword(password, account.passwordHash)
      : await verifyAgainstDecoy(password);
    // A wrong password leaves the attempt counted, as its failure.
    if (!account || !genuine) return { ok: false, status: 401, error: LOGIN_FAILED };

    await passwordAccepted(ip, key, attempt);
    // Only the right password learns this, so it tells a stranger nothing.
    if (!isVerified(account))
      return { ok: false, status: 403, error: LOGIN_UNVERIFIED, redirect: "/login?status=unverified" };
    const home = next ?? homeOf(account, accountPage(account));
    return {
      ok: true,
      redirect: home,
      headers: { "Set-Cookie": sessionCookie(await startSession(account.key)) },
    };
  },
};

const NOTICES: Record<string, LoginNotice> = {
  failed: { kind: "error", message: LOGIN_FAILED },
  throttled: {
    kind: "error",
    message: "Too many attempts to sign in. Please wait 15 minutes and try again.",
  },
  "signed-out": { kind: "idle", message: "You have signed out." },
  "password-reset": { kind: "idle", message: PASSWORD_RESET_DONE },
  unverified: { kind: "error", message: LOGIN_UNVERIFIED },
};

/**
 * The sentence for a `?status=` the login page was sent to (a sign-out, a changed password, an
 * unconfirmed address), chosen by its loader: the page carries the one sentence it shows, not the
 * table of all of them. Any other value says nothing.
 */
export const loginNotice = (status: string | null): LoginNotice | null =>
  (status !== null && Object.hasOwn(NOTICES, status) && NOTICES[status]) || null;
