import { members } from "./accounts.server.ts";
import { WINDOW_MS as SIGN_IN_WINDOW_MS } from "./login-throttle.server.ts";
import { RECOVERY_KINDS, WINDOW_MS as RECOVERY_WINDOW_MS } from "./recovery-throttle.server.ts";

/**
 * Throttle records (`throttle/…/<time>-<random>` in the members store, one per failed sign-in or
 * per request for a reset or e-mail change link) count only within their window, and were deleted
 * only when the same address or network was next tried: a record could keep an address's hash for
 * ever. The daily sweep deletes every record older than its window, so they expire by themselves.
 */
const PREFIX = "throttle/";

/** A record's window: a recovery request counts for an hour, a wrong password for 15 minutes. */
function windowOf(key: string): number {
  const kind = key.slice(PREFIX.length).split("/")[0] ?? "";
  return (RECOVERY_KINDS as readonly string[]).includes(kind) ? RECOVERY_WINDOW_MS : SIGN_IN_WINDOW_MS;
}

/** The time in a record's key; NaN when it has none (such a record never counts, see failureTimes). */
const timeOf = (key: string) => Number(key.split("/").at(-1)?.split("-")[0]);

export type ThrottleSweep = { looked: number; deleted: number; kept: number; left: boolean };

const BATCH = 20;

/** Deletes the throttle records that no longer count; starts no batch after `budgetMs`. */
export async function sweepThrottleRecords({
  now,
  budgetMs,
  clock = Date.now,
}: {
  now: Date;
  budgetMs: number;
  clock?: () => number;
}): Promise<ThrottleSweep> {
  const deadline = clock() + budgetMs;
  const sweep: ThrottleSweep = { looked: 0, deleted: 0, kept: 0, left: false };
  const store = members();
  for await (const page of store.list({ prefix: PREFIX, paginate: true })) {
    const keys = page.blobs.map(({ key }) => key);
    for (let start = 0; start < keys.length; start += BATCH) {
      if (clock() >= deadline) {
        sweep.left = true;
        return sweep;
      }
      const batch = keys.slice(start, start + BATCH);
      sweep.looked += batch.length;
      const expired = batch.filter((key) => !(now.getTime() - timeOf(key) < windowOf(key)));
      sweep.kept += batch.length - expired.length;
      await Promise.all(expired.map((key) => store.delete(key)));
      sweep.deleted += expired.length;
    }
  }
  return sweep;
}
