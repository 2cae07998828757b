import { createHmac, randomBytes } from "node:crypto";
import { type Db, database, type Tx } from "../db/database.server.ts";
import { signingSecret } from "../env.server.ts";
import { readToken, signToken } from "../signed-token.server.ts";
import { type Account, getAccount, lockAccount } from "./accounts.server.ts";

/**
 * Single-use links that act on an account: "reset your password", "set your password" (an
 * account the secretariat made) and "confirm your new e-mail address". See docs/decisions/0013.
 *
 * A link carries a token from signed-token.server.ts (HMAC-SHA-256 with SIGNING_SECRET) whose
 * purpose is the link's own, so a reset token is never taken for an e-mail change, nor a
 * payment-approval, newsletter or form token for any of these. The token names:
 * - the account (its key),
 * - a random nonce: using the link inserts it into `used_links`, whose key it is, in the
 *   transaction of the change the link makes: of two requests racing with one link exactly one
 *   commits its row, and a change that rolls back leaves the link unused;
 * - a fingerprint of the account's password hash as it was when the link was made (a keyed hash:
 *   the token's payload is readable, and the hash should not be): once the password changes by any
 *   route, every link made before is dead, used or not;
 * - for an e-mail change, the new address.
 *
 * The API, for any caller (a function or another module of the members side):
 *   const token = await createAccountLink(account, "password-reset");
 *   const url = accountLinkUrl(origin, "/reset-password", token);
 *   // opening the page (GET): look, never consume
 *   const seen = await checkAccountLink(token, "password-reset");
 *   // acting on it (a POST), after the form's own input is found good, in the change's transaction:
 *   await inTransaction(async (tx) => {
 *     const claim = await claimAccountLink(tx, token, "password-reset");
 *     if (claim.ok) ...change claim.account (locked for the transaction) with tx...
 *   });
 * A refusal's `reason` says which page to show; every refusal offers a fresh link.
 */
export type LinkPurpose = "password-reset" | "set-password" | "email-change" | "claim";

/** How long a link works unless its maker says otherwise. */
export const LINK_LIFETIME_MS: Record<LinkPurpose, number> = {
  "password-reset": 30 * 60 * 1000,
  // The secretariat's mail may sit a weekend in an inbox before the member opens it.
  "set-password": 72 * 60 * 60 * 1000,
  "email-change": 24 * 60 * 60 * 1000,
  // A register member's first password (account-claim.server.ts): an invitation to 2,000 members
  // is read over days, not minutes; the newest link alone works, so a long life costs little.
  claim: 14 * 24 * 60 * 60 * 1000,
};

/** The longest any link works: a used link's row is not needed longer than this after its use. */
export const LONGEST_LINK_LIFETIME_MS = Math.max(...Object.values(LINK_LIFETIME_MS));

/** What a link's token says (signed, so none of it can be altered). */
export type AccountLink = {
  purpose: LinkPurpose;
  account: string;
  nonce: string;
  /** Keyed fingerprint of the password hash the account had when the link was made. */
  password: string;
  /** The address an e-mail change moves the account to. */
  email?: string;
  /** A claim link: the claim's number when it was mailed; only the newest one works. */
  serial?: number;
};

/**
 * Why a link does nothing: `invalid` (malformed, forged, another purpose, or its account is
 * gone), `expired`, or `used` (claimed already, or the password has changed since it was made).
 */
export type LinkRefusal = "invalid" | "expired" | "used";

export type LinkCheck =
  | { ok: true; account: Account; link: AccountLink }
  | { ok: false; reason: LinkRefusal };

type Signed = Omit<AccountLink, "purpose">;

/** A keyed hash of the stored password hash (salt included, so any new password changes it). */
export function passwordFingerprint(passwordHash: string, secret = signingSecret()): string {
  return createHmac("sha256", secret)
    .update(`account-link-password\n${passwordHash}`)
    .digest("base64url")
    .slice(0, 22);
}

/** Makes the token of a link for this account; it works until `now` + the purpose's lifetime. */
export async function createAccountLink(
  account: Pick<Account, "key" | "passwordHash">,
  purpose: LinkPurpose,
  options: { now?: Date; email?: string; serial?: number; lifetimeMs?: number } = {},
): Promise<string> {
  const { now = new Date(), email, serial, lifetimeMs = LINK_LIFETIME_MS[purpose] } = options;
  // The sweep drops a used link's row after the longest lifetime: a longer-lived link could then
  // be used again.
  if (lifetimeMs > LONGEST_LINK_LIFETIME_MS)
    throw new RangeError(`a link may work at most ${LONGEST_LINK_LIFETIME_MS} ms`);
  const secret = signingSecret();
  const data: Signed = {
    account: account.key,
    nonce: randomBytes(16).toString("base64url"),
    password: passwordFingerprint(account.passwordHash, secret),
    ...(email ? { email } : {}),
    ...(serial === undefined ? {} : { serial }),
  };
  return signToken(secret, purpose, data, new Date(now.getTime() + lifetimeMs));
}

/** The address of the page a link opens, the token in its query. */
export const accountLinkUrl = (origin: string, page: string, token: string) =>
  `${origin}${page}?token=${encodeURIComponent(token)}`;

const isSigned = (data: unknown): data is Signed => {
  const d = data as Partial<Signed> | null;
  return (
    typeof d?.account === "string" &&
    typeof d.nonce === "string" &&
    /^[\w-]{16,64}$/.test(d.nonce) &&
    typeof d.password === "string" &&
    (d.email === undefined || typeof d.email === "string") &&
    (d.serial === undefined || Number.isSafeInteger(d.serial))
  );
};

/** What the token says, if it is genuine, of this purpose, unexpired and well formed. */
async function readLink(token: unknown, purpose: LinkPurpose, now: Date): Promise<AccountLink | LinkRefusal> {
  const check = await readToken<unknown>(signingSecret(), purpose, token, now);
  if (!check.ok) return check.reason === "expired" ? "expired" : "invalid";
  if (!isSigned(check.data)) return "invalid";
  return { purpose, ...check.data };
}

/** The account as the link found it: it must still have the password the link was made with. */
const passwordMoved = (account: Account, link: AccountLink) =>
  passwordFingerprint(account.passwordHash) !== link.password;

const wasUsed = async (db: Db, nonce: string) =>
  (await db.selectFrom("used_links").select("nonce").where("nonce", "=", nonce).executeTakeFirst()) !==
  undefined;

/**
 * Whether a link would work now, changing nothing: for the page a link opens (a GET, which mail
 * scanners make too) and for checking the form's input before the link is spent.
 */
export async function checkAccountLink(
  token: unknown,
  purpose: LinkPurpose,
  now = new Date(),
): Promise<LinkCheck> {
  const link = await readLink(token, purpose, now);
  if (typeof link === "string") return { ok: false, reason: link };
  const db = database();
  const account = await getAccount(link.account, db);
  if (!account) return { ok: false, reason: "invalid" };
  if (passwordMoved(account, link) || (await wasUsed(db, link.nonce))) return { ok: false, reason: "used" };
  return { ok: true, account, link };
}

/**
 * Spends the link in the caller's transaction, which then makes the link's change: at most one
 * transaction ever commits a link's use, however many race (the nonce is `used_links`' key), and
 * one that rolls back leaves the link unused. The account is locked for the rest of the
 * transaction and checked against the link after the lock: a password changed meanwhile by
 * another link kills this one too.
 */
export async function claimAccountLink(
  tx: Tx,
  token: unknown,
  purpose: LinkPurpose,
  now = new Date(),
): Promise<LinkCheck> {
  const link = await readLink(token, purpose, now);
  if (typeof link === "string") return { ok: false, reason: link };
  const account = await lockAccount(tx, link.account);
  if (!account) return { ok: false, reason: "invalid" };
  if (passwordMoved(account, link)) return { ok: false, reason: "used" };
  const claimed = await tx
    .insertInto("used_links")
    .values({
      nonce: link.nonce,
      purpose,
      account_id: account.key,
      used_at: now,
      keep_until: new Date(now.getTime() + USED_LINK_KEPT_MS),
    })
    .onConflict((conflict) => conflict.column("nonce").doNothing())
    .returning("nonce")
    .executeTakeFirst();
  return claimed ? { ok: true, account, link } : { ok: false, reason: "used" };
}

/**
 * Which of the two password links a token says it is: `set-password` (the secretariat's first
 * password, secretariat/password-link.server.ts) or `password-reset`. Only picks which check to
 * run: the purpose is signed, so a token that lies about it fails that check.
 */
export function passwordLinkPurpose(token: unknown): "password-reset" | "set-password" {
  if (typeof token !== "string" || token.length > 2048) return "password-reset";
  try {
    const payload = token.split(".")[0] ?? "";
    const body = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { purpose?: unknown };
    return body.purpose === "set-password" ? "set-password" : "password-reset";
  } catch {
    return "password-reset";
  }
}

/**
 * A used link's row is kept this long after its use: the link was made before it was used, so by
 * then it has expired and is refused as such. The extra hour is for clocks that differ.
 */
export const USED_LINK_KEPT_MS = LONGEST_LINK_LIFETIME_MS + 60 * 60 * 1000;
