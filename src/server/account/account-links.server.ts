import { createHmac, randomBytes } from "node:crypto";
import { setJsonIfNew } from "../blobs-conditional.server.ts";
import { signingSecret } from "../env.server.ts";
import { readToken, signToken } from "../signed-token.server.ts";
import { type Account, getAccount, members } from "./accounts.server.ts";

/**
 * Single-use links that act on an account: "reset your password", "set your password" (an
 * account the secretariat made) and "confirm your new e-mail address". See docs/decisions/0013.
 *
 * A link carries a token from signed-token.server.ts (HMAC-SHA-256 with SIGNING_SECRET) whose
 * purpose is the link's own, so a reset token is never taken for an e-mail change, nor a
 * payment-approval, newsletter or form token for any of these. The token names:
 * - the account (its key),
 * - a random nonce: using the link claims `account-link/used/<nonce>` in the members store with a
 *   create-only write, so of two requests racing with one link exactly one wins;
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
 *   // acting on it (a POST), after the form's own input is found good:
 *   const claim = await claimAccountLink(token, "password-reset");
 *   if (claim.ok) try { ...change the account... } catch (e) { await releaseAccountLink(claim.link); throw e; }
 * A refusal's `reason` says which page to show; every refusal offers a fresh link.
 */
export type LinkPurpose = "password-reset" | "set-password" | "email-change";

/** How long a link works unless its maker says otherwise. */
export const LINK_LIFETIME_MS: Record<LinkPurpose, number> = {
  "password-reset": 30 * 60 * 1000,
  // The secretariat's mail may sit a weekend in an inbox before the member opens it.
  "set-password": 72 * 60 * 60 * 1000,
  "email-change": 24 * 60 * 60 * 1000,
};

/** The longest any link works: a used link's marker is not needed longer than this after its use. */
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
  options: { now?: Date; email?: string; lifetimeMs?: number } = {},
): Promise<string> {
  const { now = new Date(), email, lifetimeMs = LINK_LIFETIME_MS[purpose] } = options;
  // sweepUsedLinks drops a used link's marker after the longest lifetime: a longer-lived link
  // could then be used again.
  if (lifetimeMs > LONGEST_LINK_LIFETIME_MS)
    throw new RangeError(`a link may work at most ${LONGEST_LINK_LIFETIME_MS} ms`);
  const secret = signingSecret();
  const data: Signed = {
    account: account.key,
    nonce: randomBytes(16).toString("base64url"),
    password: passwordFingerprint(account.passwordHash, secret),
    ...(email ? { email } : {}),
  };
  return signToken(secret, purpose, data, new Date(now.getTime() + lifetimeMs));
}

/** The address of the page a link opens, the token in its query. */
export const accountLinkUrl = (origin: string, page: string, token: string) =>
  `${origin}${page}?token=${encodeURIComponent(token)}`;

const USED_PREFIX = "account-link/used/";
const usedKey = (nonce: string) => `${USED_PREFIX}${nonce}`;

const isSigned = (data: unknown): data is Signed => {
  const d = data as Partial<Signed> | null;
  return (
    typeof d?.account === "string" &&
    typeof d.nonce === "string" &&
    /^[\w-]{16,64}$/.test(d.nonce) &&
    typeof d.password === "string" &&
    (d.email === undefined || typeof d.email === "string")
  );
};

/** Everything but the claim: signature, purpose, expiry, the account, the password, the nonce. */
async function inspect(token: unknown, purpose: LinkPurpose, now: Date): Promise<LinkCheck> {
  const secret = signingSecret();
  const check = await readToken<unknown>(secret, purpose, token, now);
  if (!check.ok) return { ok: false, reason: check.reason === "expired" ? "expired" : "invalid" };
  if (!isSigned(check.data)) return { ok: false, reason: "invalid" };
  const link: AccountLink = { purpose, ...check.data };
  const account = await getAccount(link.account);
  if (!account) return { ok: false, reason: "invalid" };
  if (passwordFingerprint(account.passwordHash, secret) !== link.password)
    return { ok: false, reason: "used" };
  if (await members().get(usedKey(link.nonce))) return { ok: false, reason: "used" };
  return { ok: true, account, link };
}

/**
 * Whether a link would work now, changing nothing: for the page a link opens (a GET, which mail
 * scanners make too) and for checking the form's input before the link is spent.
 */
export function checkAccountLink(token: unknown, purpose: LinkPurpose, now = new Date()): Promise<LinkCheck> {
  return inspect(token, purpose, now);
}

/**
 * Spends the link: at most one call ever succeeds for a link, however many race. The caller then
 * makes its change, and gives the link back with releaseAccountLink if that change fails.
 */
export async function claimAccountLink(
  token: unknown,
  purpose: LinkPurpose,
  now = new Date(),
): Promise<LinkCheck> {
  const check = await inspect(token, purpose, now);
  if (!check.ok) return check;
  const modified = await setJsonIfNew(members(), usedKey(check.link.nonce), {
    purpose,
    account: check.link.account,
    at: now.toISOString(),
  });
  return modified ? check : { ok: false, reason: "used" };
}

/** Gives a claimed link back, when the change it was claimed for could not be stored. */
export async function releaseAccountLink(link: AccountLink): Promise<void> {
  await members().delete(usedKey(link.nonce));
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
 * A marker is kept this long after its link was used: the link was made before it was used, so
 * by then it has expired and is refused as such. The extra hour is for clocks that differ.
 */
export const USED_MARKER_KEPT_MS = LONGEST_LINK_LIFETIME_MS + 60 * 60 * 1000;

export type UsedLinkSweep = { looked: number; deleted: number; kept: number; left: boolean };

/** How many markers are read at once. */
const SWEEP_BATCH = 10;

/**
 * Deletes the markers of used links (`account-link/used/<nonce>`) older than USED_MARKER_KEPT_MS,
 * reading each marker's time of use. A marker whose time cannot be read is kept: deleting it could
 * let its link work again. Starts no batch after `budgetMs`; what is left waits for the next run.
 */
export async function sweepUsedLinks({
  now,
  budgetMs,
  clock = Date.now,
}: {
  now: Date;
  budgetMs: number;
  clock?: () => number;
}): Promise<UsedLinkSweep> {
  const deadline = clock() + budgetMs;
  const cutoff = now.getTime() - USED_MARKER_KEPT_MS;
  const sweep: UsedLinkSweep = { looked: 0, deleted: 0, kept: 0, left: false };
  const store = members();
  const sweepOne = async (key: string) => {
    const marker = (await store.get(key, { type: "json" })) as { at?: unknown } | null;
    const usedAt = typeof marker?.at === "string" ? Date.parse(marker.at) : Number.NaN;
    if (Number.isNaN(usedAt) || usedAt > cutoff) {
      sweep.kept++;
      return;
    }
    await store.delete(key);
    sweep.deleted++;
  };
  for await (const page of store.list({ prefix: USED_PREFIX, paginate: true })) {
    const keys = page.blobs.map(({ key }) => key);
    for (let start = 0; start < keys.length; start += SWEEP_BATCH) {
      if (clock() >= deadline) {
        sweep.left = true;
        return sweep;
      }
      const batch = keys.slice(start, start + SWEEP_BATCH);
      sweep.looked += batch.length;
      await Promise.all(batch.map(sweepOne));
    }
  }
  return sweep;
}
