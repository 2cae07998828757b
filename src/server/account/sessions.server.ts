import { createHash, randomBytes } from "node:crypto";
import { SESSION_COOKIE } from "#shared/session-cookie.ts";
import { type Account, getAccount, members, saveAccount } from "./accounts.server.ts";

/**
 * Server-side sessions. The browser holds only a random 256-bit token in a `__Host-` cookie
 * (HttpOnly, Secure, SameSite=Lax, Path=/, no Domain); the store keeps its SHA-256, so a leaked
 * store does not hand out live sessions. A session ends after IDLE_MS without use, after
 * ABSOLUTE_MS in any case, or when the member signs out.
 */
export const IDLE_MS = 2 * 60 * 60 * 1000;
export const ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** A secretariat session's idle limit (src/server/secretariat/auth.server.ts). */
export const SECRETARIAT_IDLE_MS = 30 * 60 * 1000;
/** Last use is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60 * 1000;

type Session = { accountKey: string; createdAt: number; lastSeenAt: number };

const sessionKey = (token: string) => `session/${createHash("sha256").update(token).digest("hex")}`;

export async function startSession(accountKey: string, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const session: Session = { accountKey, createdAt: now.getTime(), lastSeenAt: now.getTime() };
  await members().setJSON(sessionKey(token), session);
  return token;
}

export function sessionToken(request: Request): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === SESSION_COOKIE) {
      const token = value.join("=");
      return /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
    }
  }
  return null;
}

/** The signed-in member's account, or null; a live session's idle timer restarts. */
export async function currentAccount(request: Request, now = new Date()): Promise<Account | null> {
  const token = sessionToken(request);
  if (!token) return null;
  const key = sessionKey(token);
  const session = (await members().get(key, { type: "json" })) as Session | null;
  if (!session) return null;
  const time = now.getTime();
  if (time - session.lastSeenAt > IDLE_MS || time - session.createdAt > ABSOLUTE_MS) {
    await members().delete(key);
    return null;
  }
  const account = await getAccount(session.accountKey);
  // Ended with every session of the account, or older than the account at that key (an account
  // moved to a new address, and the old address enrolled again by someone else). The
  // secretariat's sessions reach every application and message: they end sooner when left.
  if (
    !account ||
    session.createdAt < sessionsValidFrom(account) ||
    (account.role === "secretariat" && time - session.lastSeenAt > SECRETARIAT_IDLE_MS)
  ) {
    await members().delete(key);
    return null;
  }
  if (time - session.lastSeenAt > TOUCH_EVERY_MS)
    await members().setJSON(key, { ...session, lastSeenAt: time });
  return account;
}

/** Sessions started before this moment are dead. */
const sessionsValidFrom = (account: Account) =>
  Math.max(Date.parse(account.sessionsEndedAt ?? "") || 0, Date.parse(account.submittedAt) || 0);

/**
 * Ends every session of the account, on every device: the account as it should be stored, with
 * `sessionsEndedAt` set (the caller saves it, with whatever else changes, such as a new password
 * hash). A session the caller starts after `now` is not affected.
 */
export const withSessionsEnded = (account: Account, now = new Date()): Account => ({
  ...account,
  sessionsEndedAt: now.toISOString(),
});

/** Ends every session of the account at once (see withSessionsEnded). */
export async function endAllSessions(accountKey: string, now = new Date()): Promise<void> {
  const account = await getAccount(accountKey);
  if (account) await saveAccount(withSessionsEnded(account, now));
}

export async function endSession(request: Request): Promise<void> {
  const token = sessionToken(request);
  if (token) await members().delete(sessionKey(token));
}

/**
 * Ends every session of an account (closing it). Sessions are keyed by their token's hash, not by
 * account, so each is read; expired ones met on the way are deleted too.
 */
export async function endAccountSessions(accountKey: string, now = new Date()): Promise<number> {
  const { blobs } = await members().list({ prefix: "session/" });
  let ended = 0;
  for (const { key } of blobs) {
    const session = (await members().get(key, { type: "json" })) as Session | null;
    if (!session) continue;
    const expired =
      now.getTime() - session.lastSeenAt > IDLE_MS || now.getTime() - session.createdAt > ABSOLUTE_MS;
    if (session.accountKey !== accountKey && !expired) continue;
    await members().delete(key);
    if (session.accountKey === accountKey) ended++;
  }
  return ended;
}

const COOKIE_ATTRIBUTES = "Path=/; HttpOnly; Secure; SameSite=Lax";

/** The cookie lives no longer than the absolute limit; the server enforces both limits anyway. */
export const sessionCookie = (token: string) =>
  `${SESSION_COOKIE}=${token}; ${COOKIE_ATTRIBUTES}; Max-Age=${ABSOLUTE_MS / 1000}`;

export const clearedSessionCookie = () => `${SESSION_COOKIE}=; ${COOKIE_ATTRIBUTES}; Max-Age=0`;

/** The account's own page, where signing in leads (it is rendered for the member, who is known there). */
export const accountPage = (_account: Account) => "/account";
