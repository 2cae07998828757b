import { createHash } from "node:crypto";
import { type Db, database } from "../db/database.server.ts";

/**
 * Slows password guessing without letting a stranger lock the owner out. Within any WINDOW_MS:
 * - one network may send PAIR_LIMIT wrong passwords for one account, then that network (only)
 *   waits for the rest of the window;
 * - one network may send IP_LIMIT wrong passwords in all (several people may share an address);
 * - past ACCOUNT_LIMIT wrong passwords for an account from anywhere (guesses spread over many
 *   networks), each network that has already guessed wrong for it waits, so a botnet gets one
 *   guess per network and window. A network that has not been guessing is never refused: the
 *   owner signing in from home still gets in while the account is under attack elsewhere.
 * A correct password clears that network's failures for the account. Counts are rows of
 * `throttle_events`, so every function instance sees the same ones. See docs/decisions/0010.
 *
 * `accountKey` here is the hash of the address signed in with (accounts.server.ts's accountKey):
 * an address with no account is counted alike, and a settings form's wrong current password
 * counts with the sign-in's.
 */
export const WINDOW_MS = 15 * 60 * 1000;
export const PAIR_LIMIT = 5;
export const IP_LIMIT = 20;
export const ACCOUNT_LIMIT = 20;

const hashed = (value: string) => createHash("sha256").update(value).digest("hex");
const ipBucket = (ip: string) => `ip/${hashed(ip)}`;
// The account's key leads, so closing an account finds every entry of its own (forgetThrottle).
const pairBucket = (ip: string, accountKey: string) => `pair/${accountKey}/${hashed(ip)}`;
const accountBucket = (accountKey: string) => `account/${accountKey}`;

/**
 * One request counted under several buckets: each bucket's row id. Ids grow in the order rows
 * are written, so "the rows before this one" is a question the table answers for requests sent at
 * the same moment too.
 */
export type Counted = Record<string, string>;

/**
 * The times of the rows counted in `bucket` within the window before `now`, oldest first.
 * `before`: a row of this request's own, counted already; only the rows written before it count,
 * whatever their stamps say (requests at the same moment stamp their own clocks' times). Without
 * it, a row stamped after `now` (a clock ahead of this one) is not yet counted.
 */
export async function windowTimes(
  bucket: string,
  now: Date,
  windowMs = WINDOW_MS,
  before?: Counted,
  db: Db = database(),
): Promise<number[]> {
  const own = before?.[bucket];
  const rows = await db
    .selectFrom("throttle_events")
    .select("at")
    .where("bucket", "=", bucket)
    .where("at", ">", new Date(now.getTime() - windowMs))
    .$if(own === undefined, (query) => query.where("at", "<=", now))
    .$if(own !== undefined, (query) => query.where("id", "<", own as string))
    .orderBy("at")
    .execute();
  return rows.map((row) => row.at.getTime());
}

/** Seconds until the `limit`-th newest of these failures leaves the window, or 0 below the limit. */
export function waitFor(times: number[], limit: number, now: number, windowMs = WINDOW_MS): number {
  const blocking = times[times.length - limit];
  return blocking === undefined ? 0 : Math.ceil((blocking + windowMs - now) / 1000);
}

/**
 * Seconds until sign-in to this account may be tried again from this IP, or 0 when it may be now.
 * `before`: an attempt counted already, measured against those before it.
 */
export async function retryAfterSeconds(
  ip: string,
  accountKey: string,
  now = new Date(),
  before?: Counted,
): Promise<number> {
  const time = now.getTime();
  const [fromIp, pair, account] = await Promise.all([
    windowTimes(ipBucket(ip), now, WINDOW_MS, before),
    windowTimes(pairBucket(ip, accountKey), now, WINDOW_MS, before),
    windowTimes(accountBucket(accountKey), now, WINDOW_MS, before),
  ]);
  let wait = Math.max(waitFor(fromIp, IP_LIMIT, time), waitFor(pair, PAIR_LIMIT, time));
  // Under attack from many networks: those that have guessed wrong here wait out their guesses.
  const last = pair[pair.length - 1];
  if (account.length >= ACCOUNT_LIMIT && last !== undefined)
    wait = Math.max(wait, Math.ceil((last + WINDOW_MS - time) / 1000));
  return wait;
}

/**
 * Counts one request under each bucket, at `now`, one row each; the sweep deletes the rows once
 * `windowMs` has passed (netlify/functions/expired-records-sweep.ts).
 */
export async function countUnder(buckets: string[], now: Date, windowMs: number): Promise<Counted> {
  const keepUntil = new Date(now.getTime() + windowMs);
  const rows = await database()
    .insertInto("throttle_events")
    .values(buckets.map((bucket) => ({ bucket, at: now, keep_until: keepUntil })))
    .returning(["id", "bucket"])
    .execute();
  return Object.fromEntries(rows.map((row) => [row.bucket, row.id]));
}

/** Takes a counted request off the counts again. */
const uncount = async (counted: Counted) => {
  const ids = Object.values(counted);
  if (ids.length > 0) await database().deleteFrom("throttle_events").where("id", "in", ids).execute();
};

/**
 * A request counted already (`counted`, from countUnder), measured against those counted before
 * it: `measure` answers the seconds to wait. A refused request (a wait above 0) is taken off the
 * counts again. Checked before counting, a burst of requests sent at the same moment would each
 * find the count below the limit, and all be let through.
 */
export async function measureCounted(counted: Counted, measure: (before: Counted) => Promise<number>) {
  const wait = await measure(counted);
  if (wait > 0) await uncount(counted);
  return wait;
}

/** Records a failure under each of its counts. */
export const recordFailure = (ip: string, accountKey: string, now = new Date()): Promise<Counted> =>
  countUnder([ipBucket(ip), pairBucket(ip, accountKey), accountBucket(accountKey)], now, WINDOW_MS);

/** An attempt at an account's password, counted before the password is checked. */
export type PasswordAttempt = { wait: number; counted: Counted };

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
  const counted = await recordFailure(ip, accountKey, now);
  const wait = await measureCounted(counted, (before) => retryAfterSeconds(ip, accountKey, now, before));
  return { wait, counted };
}

/** The right password: the attempt was no failure, and this network's failures for the account are forgiven. */
export async function passwordAccepted(ip: string, accountKey: string, attempt: PasswordAttempt) {
  await uncount(attempt.counted);
  await clearFailures(ip, accountKey);
}

/**
 * After the right password: this network's failures for the account are forgiven. The account's
 * own count stays, so an attack elsewhere is still seen as one.
 */
export async function clearFailures(ip: string, accountKey: string, db: Db = database()): Promise<void> {
  await db.deleteFrom("throttle_events").where("bucket", "=", pairBucket(ip, accountKey)).execute();
}

/** A closed account's own failure records (the per-network counts are not the account's). */
export async function forgetThrottle(accountKey: string, db: Db = database()): Promise<void> {
  await db
    .deleteFrom("throttle_events")
    .where((row) =>
      row.or([row("bucket", "=", accountBucket(accountKey)), row("bucket", "like", `pair/${accountKey}/%`)]),
    )
    .execute();
}

/** What a refused password attempt is told while the throttle holds (sign-in, closing an account). */
export const throttledMessage = (seconds: number) =>
  `Too many attempts to sign in. Please try again in ${Math.ceil(seconds / 60)} minute${seconds > 60 ? "s" : ""}.`;
