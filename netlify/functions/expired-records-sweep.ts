/**
 * Scheduled daily (09:00 in India): deletes the records that have stopped counting, one DELETE a
 * table (src/server/expired-records.server.ts): sessions past their 12 hours or idle past their
 * 2, used single-use links once the links themselves have expired (their longest lifetime, 72
 * hours, and an hour for clocks; until then a used link is still refused as used), sign-in and
 * recovery throttle counts past their window (15 minutes, 1 hour), refused forms' flashes and used
 * form tokens past theirs. The rows that hold an address's or a network's hash go by themselves.
 * Env: none.
 */
import type { Config } from "@netlify/functions";
import { deleteExpiredRecords } from "../../src/server/expired-records.server.ts";

export default async () => {
  const deleted = await deleteExpiredRecords(new Date());
  console.log(
    `expired-records-sweep: deleted ${deleted.sessions} sessions, ${deleted.usedLinks} used links, ${deleted.throttleEvents} throttle counts, ${deleted.formFlashes} form flashes, ${deleted.usedFormTokens} used form tokens, ${deleted.registerUploads} register files`,
  );
};

export const config: Config = { schedule: "30 3 * * *" };
