import { createHash, randomUUID } from "node:crypto";
import { members } from "./accounts.server.ts";

/**
 * Slows password guessing without locking the owner out for good: within any WINDOW_MS an account
 * takes ACCOUNT_LIMIT wrong passwords and an address IP_LIMIT (several people may share one);
 * past that, sign-in is refused until enough of them are older than the window. A correct
 * password clears the account's failures. Counts live in Blobs, so every function instance sees
 * the same ones.
 */
export const WINDOW_MS = 15 * 60 * 1000;
export const ACCOUNT_LIMIT = 5;
export const IP_LIMIT = 20;

const hashed = (value: string) => createHash("sha256").update(value).digest("hex");
const accountPrefix = (accountKey: string) => `throttle/account/${accountKey}/`;
const prefixes = (ip: string, accountKey: string) => [
  { prefix: `throttle/ip/${hashed(ip)}/`, limit: IP_LIMIT },
  { prefix: accountPrefix(accountKey), limit: ACCOUNT_LIMIT },
];

/**
 * Each failure is a blob of its own, `<prefix><time>-<random>`, written only if new: failures sent
 * at the same moment are all counted, where a shared counter read and rewritten would lose some.
 * Failures older than the window are deleted as they are met.
 */
async function failureTimes(prefix: string, now: number): Promise<number[]> {
  const { blobs } = await members().list({ prefix });
  const times: number[] = [];
  const expired: string[] = [];
  for (const { key } of blobs) {
    const time = Number(key.slice(prefix.length).split("-")[0]);
    if (time > now) continue; // recorded by a clock ahead of this one: not yet counted
    if (now - time < WINDOW_MS) times.push(time);
    else expired.push(key);
  }
  await Promise.all(expired.map((key) => members().delete(key)));
  return times.sort((a, b) => a - b);
}

/** Seconds until sign-in may be tried again, or 0 when it may be tried now. */
export async function retryAfterSeconds(ip: string, accountKey: string, now = new Date()): Promise<number> {
  let wait = 0;
  for (const { prefix, limit } of prefixes(ip, accountKey)) {
    const times = await failureTimes(prefix, now.getTime());
    // Allowed again once all but limit - 1 of these failures have left the window.
    const blocking = times[times.length - limit];
    if (blocking !== undefined)
      wait = Math.max(wait, Math.ceil((blocking + WINDOW_MS - now.getTime()) / 1000));
  }
  return wait;
}

export async function recordFailure(ip: string, accountKey: string, now = new Date()): Promise<void> {
  await Promise.all(
    prefixes(ip, accountKey).map(({ prefix }) =>
      members().set(`${prefix}${now.getTime()}-${randomUUID()}`, "", { onlyIfNew: true }),
    ),
  );
}

export async function clearFailures(accountKey: string): Promise<void> {
  const { blobs } = await members().list({ prefix: accountPrefix(accountKey) });
  await Promise.all(blobs.map(({ key }) => members().delete(key)));
}
