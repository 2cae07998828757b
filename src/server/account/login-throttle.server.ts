import { createHash, randomUUID } from "node:crypto";
import { setIfNew } from "../blobs-conditional.server.ts";
import { members } from "./accounts.server.ts";

/**
 * Slows password guessing without letting a stranger lock the owner out. Within any WINDOW_MS:
 * - one network may send PAIR_LIMIT wrong passwords for one account, then that network (only)
 *   waits for the rest of the window;
 * - one network may send IP_LIMIT wrong passwords in all (several people may share an address);
 * - past ACCOUNT_LIMIT wrong passwords for an account from anywhere (guesses spread over many
 *   networks), each network that has already guessed wrong for it waits, so a botnet gets one
 *   guess per network and window. A network that has not been guessing is never refused: the
 *   owner signing in from home still gets in while the account is under attack elsewhere.
 * A correct password clears that network's failures for the account. Counts live in Blobs, so
 * every function instance sees the same ones. See docs/decisions/0010.
 */
export const WINDOW_MS = 15 * 60 * 1000;
export const PAIR_LIMIT = 5;
export const IP_LIMIT = 20;
export const ACCOUNT_LIMIT = 20;

const hashed = (value: string) => createHash("sha256").update(value).digest("hex");
const ipPrefix = (ip: string) => `throttle/ip/${hashed(ip)}/`;
// The account's key leads, so closing an account finds every entry of its own (forgetThrottle).
const pairPrefix = (ip: string, accountKey: string) => `throttle/pair/${accountKey}/${hashed(ip)}/`;
const accountPrefix = (accountKey: string) => `throttle/account/${accountKey}/`;

/**
 * Each failure is a blob of its own, `<prefix><time>-<random>`, written only if new: failures sent
 * at the same moment are all counted, where a shared counter read and rewritten would lose some.
 * Failures older than the window are deleted as they are met.
 */
export async function failureTimes(prefix: string, now: number, windowMs = WINDOW_MS): Promise<number[]> {
  const { blobs } = await members().list({ prefix });
  const times: number[] = [];
  const expired: string[] = [];
  for (const { key } of blobs) {
    const time = Number(key.slice(prefix.length).split("-")[0]);
    if (time > now) continue; // recorded by a clock ahead of this one: not yet counted
    if (now - time < windowMs) times.push(time);
    else expired.push(key);
  }
  await Promise.all(expired.map((key) => members().delete(key)));
  return times.sort((a, b) => a - b);
}

/** Seconds until the `limit`-th newest of these failures leaves the window, or 0 below the limit. */
export function waitFor(times: number[], limit: number, now: number, windowMs = WINDOW_MS): number {
  const blocking = times[times.length - limit];
  return blocking === undefined ? 0 : Math.ceil((blocking + windowMs - now) / 1000);
}

/** Seconds until sign-in to this account may be tried again from this IP, or 0 when it may be now. */
export async function retryAfterSeconds(ip: string, accountKey: string, now = new Date()): Promise<number> {
  const time = now.getTime();
  const [fromIp, pair, account] = await Promise.all([
    failureTimes(ipPrefix(ip), time),
    failureTimes(pairPrefix(ip, accountKey), time),
    failureTimes(accountPrefix(accountKey), time),
  ]);
  let wait = Math.max(waitFor(fromIp, IP_LIMIT, time), waitFor(pair, PAIR_LIMIT, time));
  // Under attack from many networks: those that have guessed wrong here wait out their guesses.
  const last = pair[pair.length - 1];
  if (account.length >= ACCOUNT_LIMIT && last !== undefined)
    wait = Math.max(wait, Math.ceil((last + WINDOW_MS - time) / 1000));
  return wait;
}

export async function recordFailure(ip: string, accountKey: string, now = new Date()): Promise<void> {
  await Promise.all(
    [ipPrefix(ip), pairPrefix(ip, accountKey), accountPrefix(accountKey)].map((prefix) =>
      setIfNew(members(), `${prefix}${now.getTime()}-${randomUUID()}`, ""),
    ),
  );
}

/**
 * After the right password: this network's failures for the account are forgiven. The account's
 * own count stays, so an attack elsewhere is still seen as one.
 */
export async function clearFailures(ip: string, accountKey: string): Promise<void> {
  const { blobs } = await members().list({ prefix: pairPrefix(ip, accountKey) });
  await Promise.all(blobs.map(({ key }) => members().delete(key)));
}

/** A closed account's own failure records (the per-network counts are not the account's). */
export async function forgetThrottle(accountKey: string): Promise<void> {
  for (const prefix of [`throttle/pair/${accountKey}/`, accountPrefix(accountKey)]) {
    const { blobs } = await members().list({ prefix });
    await Promise.all(blobs.map(({ key }) => members().delete(key)));
  }
}

/** What a refused password attempt is told while the throttle holds (sign-in, closing an account). */
export const throttledMessage = (seconds: number) =>
  `Too many attempts to sign in. Please try again in ${Math.ceil(seconds / 60)} minute${seconds > 60 ? "s" : ""}.`;
