import { createHash } from "node:crypto";
import { type Db, database } from "../db/database.server.ts";
import { type Counted, countUnder, measureCounted, waitFor, windowTimes } from "./login-throttle.server.ts";

/**
 * Limits on asking for mail about an account (a reset link, an e-mail change link), counted the
 * way the sign-in throttle counts failures: each request its own row of `throttle_events`, the
 * count the rows of the window written before it, so parallel requests are all counted
 * (login-throttle.server.ts).
 * - per address: ADDRESS_LIMIT requests within WINDOW_MS, whether or not the address has an
 *   account, so the limit itself tells nothing; this caps the mail one address can be sent;
 * - per network (IP): IP_LIMIT within WINDOW_MS, across all addresses.
 * See docs/decisions/0013.
 */
export const WINDOW_MS = 60 * 60 * 1000;
export const ADDRESS_LIMIT = 3;
export const IP_LIMIT = 10;

export const RECOVERY_KINDS = ["password-reset", "email-change", "claim"] as const;
export type RecoveryKind = (typeof RECOVERY_KINDS)[number];

const hashed = (value: string) => createHash("sha256").update(value).digest("hex");
const addressBucket = (kind: RecoveryKind, email: string) =>
  `${kind}/address/${hashed(email.trim().toLowerCase())}`;
const ipBucket = (kind: RecoveryKind, ip: string) => `${kind}/ip/${hashed(ip)}`;

/**
 * Seconds until this address may be asked for again from this network, or 0 when it may now.
 * `before`: a request counted already, measured against those before it.
 */
export async function recoveryWaitSeconds(
  kind: RecoveryKind,
  email: string,
  ip: string,
  now = new Date(),
  before?: Counted,
): Promise<number> {
  const time = now.getTime();
  const [address, network] = await Promise.all([
    windowTimes(addressBucket(kind, email), now, WINDOW_MS, before),
    windowTimes(ipBucket(kind, ip), now, WINDOW_MS, before),
  ]);
  return Math.max(
    waitFor(address, ADDRESS_LIMIT, time, WINDOW_MS),
    waitFor(network, IP_LIMIT, time, WINDOW_MS),
  );
}

/** Counts one request, before its work is done. */
export const recordRecoveryRequest = (kind: RecoveryKind, email: string, ip: string, now = new Date()) =>
  countUnder([addressBucket(kind, email), ipBucket(kind, ip)], now, WINDOW_MS);

/**
 * Counts a request first, then measures it against those counted before it (measureCounted):
 * seconds to wait, or 0 when it may go ahead.
 */
export async function admitRecoveryRequest(
  kind: RecoveryKind,
  email: string,
  ip: string,
  now = new Date(),
): Promise<number> {
  const counted = await recordRecoveryRequest(kind, email, ip, now);
  return measureCounted(counted, (before) => recoveryWaitSeconds(kind, email, ip, now, before));
}

/**
 * Forgets an address: its own request records of every kind (a closed account's address must leave
 * no trace keyed by it). The per-network records are the network's, not the address's.
 */
export async function forgetAddress(email: string, db: Db = database()): Promise<void> {
  await db
    .deleteFrom("throttle_events")
    .where(
      "bucket",
      "in",
      RECOVERY_KINDS.map((kind) => addressBucket(kind, email)),
    )
    .execute();
}

/** The 429 sentence: plain, with the wait in minutes. */
export const recoveryThrottledMessage = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many requests for this address or from your network. Please try again in ${minutes} minute${minutes > 1 ? "s" : ""}.`;
};
