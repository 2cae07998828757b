/**
 * What the pages of claiming a register member's website account say (decision 0054), shared by
 * the pages and their actions.
 */

/** Where an existing member asks for the link, and where the link leads. */
export const CLAIM_PAGE = "/claim-account";
export const CLAIM_PASSWORD_PAGE = "/claim-account/password";

/** The words of the link to the claim, on /login, /sign-up and wherever an existing member is sent. */
export const CLAIM_LINK_TEXT = "Already a member of the society? Get your website account";

/** How long a claim link works, in days (account-links.server.ts keeps the same number in ms). */
export const CLAIM_LINK_DAYS = 14;

/** The one answer of /claim-account, whether or not the register knows the address. */
export const CLAIM_SENT = `If that address is on the society's membership register and has no website account yet, we have sent it a link to set your password. Only the newest link works, for ${CLAIM_LINK_DAYS} days. Check your spam folder if it does not arrive in a few minutes. No mail? Your address on the register may be out of date: write to the secretariat from the Contact page, and they will send the link to your new address.`;

/** After the password is set through the link: the member is signed in on the account page. */
export const CLAIM_DONE = "Your website account is ready, and you are signed in.";

/** Why a claim link did nothing: the recovery links' reasons, and a newer link sent since. */
export const CLAIM_LINK_REFUSALS = {
  expired: "This link has expired.",
  used: "This link has already been used: the website account has its password. Sign in, or use Forgot password.",
  invalid: "This link is not valid. Check that you copied the whole link from the e-mail.",
  replaced:
    "This link is no longer valid: a newer link was sent to your address since. Use the newest one, or ask for a fresh link below.",
} as const;
export type ClaimRefusal = keyof typeof CLAIM_LINK_REFUSALS;
export const isClaimRefusal = (value: unknown): value is ClaimRefusal =>
  typeof value === "string" && Object.hasOwn(CLAIM_LINK_REFUSALS, value);

/** A member number as the register writes it (0004's check); / and - escaped, as a pattern attribute (the v flag) needs. */
export const MEMBER_NO_PATTERN = "[A-Za-z0-9][A-Za-z0-9\\/\\-]{0,19}";

/** A register class as a member reads it (0004's classes). */
export const REGISTER_CLASS_NAMES: Record<string, string> = {
  life: "Life member",
  ordinary: "Ordinary member",
  honorary: "Honorary member",
  "corporate-annual": "Corporate member (annual)",
  "corporate-single-copy": "Corporate member (single copy)",
};
export const registerClassName = (registerClass: string) =>
  REGISTER_CLASS_NAMES[registerClass] ?? registerClass;

/**
 * The enrolment form's answer when its name and date of birth are a register member's: membership
 * is public in the directory, so saying so reveals nothing; the address on the register is not
 * shown. The page puts the claim link beside it.
 */
export const ALREADY_A_MEMBER =
  "You are already a member of the society: no application is needed, and no fee. Get your website account instead.";
