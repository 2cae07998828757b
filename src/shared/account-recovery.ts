/** What the forgotten-password, reset and settings pages say, shared by the pages and the functions. */

/** The one answer to /forgot-password, whether or not the address has an account. */
export const RESET_SENT =
  "If that address has an account, we have sent it a link to choose a new password. The link works once, for 30 minutes. Check your spam folder if it does not arrive in a few minutes.";

export const PASSWORD_RESET_DONE =
  "Your password has been changed and you have been signed out everywhere. Sign in with your new password.";

/** Why a link did nothing; each page offers a fresh link. */
export const LINK_REFUSALS = {
  expired: "This link has expired.",
  used: "This link has already been used, or the password has changed since it was sent.",
  invalid: "This link is not valid. Check that you copied the whole link from the e-mail.",
} as const;
export type LinkRefusalStatus = keyof typeof LINK_REFUSALS;
export const isLinkRefusal = (value: unknown): value is LinkRefusalStatus =>
  typeof value === "string" && Object.hasOwn(LINK_REFUSALS, value);

export const PASSWORD_CHANGED =
  "Your password has been changed. You have been signed out on your other devices.";
export const EMAIL_CHANGE_SENT =
  "We have sent a link to the new address. Your account moves to it once you open the link and press the button; until then, sign in with your current address.";
export const EMAIL_CHANGED =
  "Your e-mail address has been changed. Sign in with the new address from now on.";

/** A link's token as a page takes it from its address: two base64url parts, bounded. */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{10,1800}\.[A-Za-z0-9_-]{43}$/;

/**
 * A secretariat account is named by the site's list of secretariat addresses (SECRETARIAT_ACCOUNTS):
 * moved to another address or closed, it would lock its user out of the workspace. The list is
 * where such a change is made, so the settings and my-data pages say so instead of the form.
 */
export const SECRETARIAT_ADDRESS_FIXED =
  "A secretariat account keeps the address on the site's list of secretariat accounts. Ask whoever runs the site to change that list.";
export const SECRETARIAT_NOT_CLOSED =
  "A secretariat account is not closed here. Ask whoever runs the site to take the address off the list of secretariat accounts.";
