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
 * Each failure is a blob of its own, `<prefix><stamp>` with the stamp `<time>-<random>`, written
 * only if new: failures sent at the same moment are all counted, where a shared counter read and
 * rewritten would lose some. Failures older than the window are deleted as they are met.
 * `before`: a stamp of this request's own, recorded already; only what ranks before it counts.
 */
export async function failureTimes(
  prefix: string,
  now: number,
  windowMs = WINDOW_MS,
  before?: string,
): Promise<number[]> {
  const { blobs } = await members().list({ prefix });
  const times: number[] = [];
  const expired: string[] = [];
  for (const { key } of blobs) {
    const stamp = key.slice(prefix.length);
    const time = Number(stamp.split("-")[0]);
    if (time > now) continue; // recorded by a clock ahead of this one: not yet counted
    if (before !== undefined && stamp >= before) continue; // this request's own, or one after it
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

/**
 * Seconds until sign-in to this account may be tried again from this IP, or 0 when it may be now.
 * `before`: the stamp of an attempt recorded already, measured against those before it.
 */
export async function retryAfterSeconds(
  ip: string,
  accountKey: string,
  now = new Date(),
  before?: string,
): Promise<number> {
  const time = now.getTime();
  const [fromIp, pair, account] = await Promise.all([
    failureTimes(ipPrefix(ip), time, WINDOW_MS, before),
    failureTimes(pairPrefix(ip, accountKey), time, WINDOW_MS, before),
    failureTimes(accountPrefix(accountKey), time, WINDOW_MS, before),
  ]);
  let wait = Math.max(waitFor(fromIp, IP_LIMIT, time), waitFor(pair, PAIR_LIMIT, time));
  // Under attack from many networks: those that have guessed wrong here wait out their guesses.
  const last = pair[pair.length - 1];
  if (account.length >= ACCOUNT_LIMIT && last !== undefined)
    wait = Math.max(wait, Math.ceil((last + WINDOW_MS - time) / 1000));
  return wait;
}

/** Counts one request under each prefix, with one stamp: the keys written. */
export async function countUnder(prefixes: string[], now: Date): Promise<string[]> {
  const stamp = `${now.getTime()}-${randomUUID()}`;
  const keys = prefixes.map((prefix) => `${prefix}${stamp}`);
  await Promise.all(keys.map((key) => setIfNew(members(), key, "")));
  return keys;
}

/**
 * A request counted already (`keys`, from countUnder), measured against those counted before it:
 * `measure` is given its stamp and answers the seconds to wait. A refused request (a wait above 0)
 * is taken off the counts again. Checked before counting, a burst of requests sent at the same
 * moment would each find the count below the limit, and all be let through.
 */
export async function measureCounted(keys: string[], measure: (stamp: string) => Promise<number>) {
  const first = keys[0] ?? "";
  const wait = await measure(first.slice(first.lastIndexOf("/") + 1));
  if (wait > 0) await Promise.all(keys.map((key) => members().delete(key)));
  return wait;
}

/** Records a failure under each of its counts; its keys, which share one stamp. */
export const recordFailure = (ip: string, accountKey: string, now = new Date()): Promise<string[]> =>
  countUnder([ipPrefix(ip), pairPrefix(ip, accountKey), accountPrefix(accountKey)], now);

/** An attempt at an account's password, counted before the password is checked. */
export type PasswordAttempt = { wait: number; keys: string[] };

/**
 * Starts an attempt at an account's password: it is recorded as a failure first, then measured
 * against the failures recorded before it (measureCounted). A wrong password leaves it as its
 * failure; the right one calls `passwordAccepted`.
 */
export async function beginPasswordAttempt(
  ip: string,
  accountKey: string,
  now = new Date(),
): Promise<PasswordAttempt> {
  const keys = await recordFailure(ip, accountKey, now);
  const wait = await measureCounted(keys, (stamp) => retryAfterSeconds(ip, accountKey, now, stamp));
  return { wait, keys };
}

/** The right password: the attempt was no failure, and this network's failures for the account are forgiven. */
export async function passwordAccepted(ip: string, accountKey: string, attempt: PasswordAttempt) {
  await Promise.all(attempt.keys.map((key) => members().delete(key)));
  await clearFailures(ip, accountKey);
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
