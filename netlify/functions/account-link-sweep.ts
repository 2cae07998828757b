/**
 * Scheduled daily (09:00 in India): deletes the markers of used single-use account links
 * (`account-link/used/<nonce>` in the members store, decision 0013) once their links have expired
 * (the longest lifetime, 72 hours, and an hour for clocks; see sweepUsedLinks). Until then a
 * marker stays, so a used link is still refused as used. The run starts nothing after 20 s; what
 * is left waits for the next day's run. Then, with the time left, every sign-in and recovery
 * throttle record older than its window (15 minutes, 1 hour) is deleted, so those records, which
 * hold an address's or a network's hash, expire by themselves.
 * Env: none.
 */
import type { Config } from "@netlify/functions";
import { sweepUsedLinks } from "../../src/server/account/account-links.server.ts";
import { sweepThrottleRecords } from "../../src/server/account/throttle-sweep.server.ts";

/** A scheduled function is stopped at 30 s. */
const RUN_BUDGET_MS = 20_000;

export default async () => {
  const started = Date.now();
  const run = await sweepUsedLinks({ now: new Date(), budgetMs: RUN_BUDGET_MS });
  const throttle = await sweepThrottleRecords({
    now: new Date(),
    budgetMs: Math.max(0, RUN_BUDGET_MS - (Date.now() - started)),
  });
  const left = run.left || throttle.left ? "; the rest waits for the next run" : "";
  console.log(
    `account-link-sweep: ${run.deleted} used-link markers deleted, ${run.kept} kept; ${throttle.deleted} expired throttle records deleted${left}`,
  );
};

export const config: Config = { schedule: "30 3 * * *" };
