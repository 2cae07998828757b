import { createHash, randomBytes } from "node:crypto";
import { SESSION_COOKIE } from "#shared/session-cookie.ts";
import { type Db, database } from "../db/database.server.ts";
import { type Account, getAccount, isAccountId } from "./accounts.server.ts";

/**
 * Server-side sessions. The browser holds only a random 256-bit token in a `__Host-` cookie
 * (HttpOnly, Secure, SameSite=Lax, Path=/, no Domain); the `sessions` table keeps its SHA-256, so
 * a leaked table does not hand out live sessions. A session ends after IDLE_MS without use, after
 * ABSOLUTE_MS in any case (its `expires_at`), or when the member signs out. The daily sweep
 * deletes the rows past either limit (netlify/functions/expired-records-sweep.ts).
 */
export const IDLE_MS = 2 * 60 * 60 * 1000;
export const ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** A secretariat session's idle limit (src/server/secretariat/auth.server.ts). */
export const SECRETARIAT_IDLE_MS = 30 * 60 * 1000;
/** Last use is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60 * 1000;

const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Starts a session for the account (its id; an address's hash from before ids is looked up), in
 * the caller's transaction if it gives one: the cookie's token.
 */
export async function startSession(
  accountKey: string,
  now = new Date(),
  db: Db = database(),
): Promise<string> {
  const accountId = isAccountId(accountKey) ? accountKey : (await getAccount(accountKey, db))?.key;
  if (!accountId) throw new Error("no account to start a session for");
  const token = randomBytes(32).toString("base64url");
  await db
    .insertInto("sessions")
    .values({
      token_hash: tokenHash(token),
      account_id: accountId,
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + ABSOLUTE_MS),
    })
    .execute();
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
  const db = database();
  const hash = tokenHash(token);
  const session = await db
    .selectFrom("sessions")
    .selectAll()
    .where("token_hash", "=", hash)
    .executeTakeFirst();
  if (!session) return null;
  const time = now.getTime();
  const end = () => db.deleteFrom("sessions").where("token_hash", "=", hash).execute();
  if (time - session.last_seen_at.getTime() > IDLE_MS || time > session.expires_at.getTime()) {
    await end();
    return null;
  }
  const account = await getAccount(session.account_id, db);
  // Ended with every session of the account (a new password, a moved address: the time is set in
  // that change's transaction, so it also ends a session a sign-in started meanwhile with the old
  // password). The secretariat's sessions reach every application and message: they end sooner.
  if (
    !account ||
    session.created_at.getTime() < (Date.parse(account.sessionsEndedAt ?? "") || 0) ||
    (account.role === "secretariat" && time - session.last_seen_at.getTime() > SECRETARIAT_IDLE_MS)
  ) {
    await end();
    return null;
  }
  if (time - session.last_seen_at.getTime() > TOUCH_EVERY_MS)
    await db.updateTable("sessions").set({ last_seen_at: now }).where("token_hash", "=", hash).execute();
  return account;
}

/**
 * Ends every session of the account, on every device, in the caller's transaction: its rows go,
 * and the account records the moment, so a session started before it (by a sign-in that checked
 * the old password while this ran) is refused too. A session the caller starts at or after `now`
 * is not affected.
 */
export async function endAccountSessions(db: Db, accountId: string, now = new Date()): Promise<void> {
  await db.updateTable("accounts").set({ sessions_ended_at: now }).where("id", "=", accountId).execute();
  await db.deleteFrom("sessions").where("account_id", "=", accountId).execute();
}

export async function endSession(request: Request): Promise<void> {
  const token = sessionToken(request);
  if (token) await database().deleteFrom("sessions").where("token_hash", "=", tokenHash(token)).execute();
}

const COOKIE_ATTRIBUTES = "Path=/; HttpOnly; Secure; SameSite=Lax";

/** The cookie lives no longer than the absolute limit; the server enforces both limits anyway. */
export const sessionCookie = (token: string) =>
  `${SESSION_COOKIE}=${token}; ${COOKIE_ATTRIBUTES}; Max-Age=${ABSOLUTE_MS / 1000}`;

export const clearedSessionCookie = () => `${SESSION_COOKIE}=; ${COOKIE_ATTRIBUTES}; Max-Age=0`;

/** The account's own page, where signing in leads (it is rendered for the member, who is known there). */
export const accountPage = (_account: Pick<Account, "key">) => "/account";
