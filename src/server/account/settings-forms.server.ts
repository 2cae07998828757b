import { LINK_REFUSALS } from "#shared/account-recovery.ts";
import {
  changeEmailSchema,
  changePasswordSchema,
  confirmEmailChangeSchema,
} from "#shared/schemas/account-recovery.ts";
import { directoryAfterAddressChange } from "../directory/address-change.server.ts";
import { siteUrl } from "../env.server.ts";
import type { FormAnswer, FormSpec } from "../forms/form-post.server.ts";
import { logFailure } from "../http/endpoint.server.ts";
import { signInFirst } from "./account-request.server.ts";
import { changePassword, confirmEmailChange, requestEmailChange } from "./account-settings.server.ts";
import { currentAccount, sessionCookie } from "./sessions.server.ts";

/**
 * The signed-in member's new password: the current one first. Every other session of the account
 * ends; this one gets a new cookie. The settings page's action.
 */
export const changePasswordForm: FormSpec<typeof changePasswordSchema> = {
  name: "change-password",
  schema: changePasswordSchema,
  maxBytes: 4096,
  secretFields: ["currentPassword", "password", "confirmPassword"],
  unavailable:
    "Your password was not changed: we could not reach our records just now. Please try again in a minute.",
  async handle({ currentPassword, password }, { request, ip }): Promise<FormAnswer> {
    const account = await currentAccount(request);
    if (!account) return signInFirst("/account/settings");
    const result = await changePassword(account, currentPassword, password, ip, siteUrl(request));
    if (!result.ok) return result;
    return {
      ok: true,
      redirect: "/account/settings?status=password-changed",
      headers: { "Set-Cookie": sessionCookie(result.session) },
    };
  },
};

/**
 * The signed-in member's new e-mail address: a link to confirm it goes to the new address, a note
 * to the old one. An address that already has an account gets the same answer (its owner is told
 * by e-mail; decision 0013). The settings page's action.
 */
export const changeEmailForm: FormSpec<typeof changeEmailSchema> = {
  name: "change-email",
  schema: changeEmailSchema,
  maxBytes: 4096,
  secretFields: ["emailPassword"],
  unavailable:
    "Your address was not changed: we could not reach our records just now. Please try again in a minute.",
  async handle({ email, emailPassword }, { request, ip }): Promise<FormAnswer> {
    const account = await currentAccount(request);
    if (!account) return signInFirst("/account/settings");
    const result = await requestEmailChange(account, email, emailPassword, ip, siteUrl(request));
    if (!result.ok) return result;
    return { ok: true, redirect: "/account/settings?status=email-sent" };
  },
};

/**
 * The button of the page the link to a new address opens: moves the account to it (once; 24 h).
 * Opening the link changes nothing (mail scanners open links). The page's action.
 */
export const confirmEmailChangeForm: FormSpec<typeof confirmEmailChangeSchema> = {
  name: "confirm-email-change",
  schema: confirmEmailChangeSchema,
  maxBytes: 4096,
  unavailable:
    "Your address was not changed: we could not reach our records just now. Please try again in a minute.",
  async handle({ token }, { request }): Promise<FormAnswer> {
    const outcome = await confirmEmailChange(token, await currentAccount(request));
    if (outcome.ok)
      // The move is done: the directory's part (its hidden details, the secretariat's notice) must
      // not undo it, so a failure here is logged, not answered (decision 0026).
      await directoryAfterAddressChange(outcome.previous, outcome.account).catch((error) =>
        logFailure(request, error),
      );
    if (!outcome.ok)
      return {
        ok: false,
        status: outcome.reason === "expired" ? 410 : 400,
        error: LINK_REFUSALS[outcome.reason],
        redirect: `/account/confirm-email?status=${outcome.reason}`,
      };
    return {
      ok: true,
      redirect: "/account/confirm-email?status=changed",
      ...(outcome.session ? { headers: { "Set-Cookie": sessionCookie(outcome.session) } } : {}),
    };
  },
};
