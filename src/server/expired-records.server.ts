import { IDLE_MS } from "./account/sessions.server.ts";
import { type Db, database } from "./db/database.server.ts";

/**
 * The records that only count for a while carry the moment they stop counting, and the daily
 * sweep (netlify/functions/expired-records-sweep.ts) deletes the rows past it, one DELETE a table:
 * sessions past their absolute limit or idle too long, used links past their own expiry (and an
 * hour for clocks: until then a used link must still be refused as used), throttle counts past
 * their window, refused forms' flashes and used form tokens past theirs, register files read for a
 * preview and never applied (a day). Each is refused by its
 * reader anyway once past; the sweep only keeps what a row holds (an address's hash, a network's)
 * from lying about for ever.
 */
export type ExpiredRecords = {
  sessions: number;
  usedLinks: number;
  throttleEvents: number;
  formFlashes: number;
  usedFormTokens: number;
  registerUploads: number;
};

const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);

export async function deleteExpiredRecords(now: Date, db: Db = database()): Promise<ExpiredRecords> {
  const idleSince = new Date(now.getTime() - IDLE_MS);
  const [sessions, usedLinks, throttleEvents, formFlashes, usedFormTokens, registerUploads] =
    await Promise.all([
      db
        .deleteFrom("sessions")
        .where((row) => row.or([row("expires_at", "<", now), row("last_seen_at", "<", idleSince)]))
        .executeTakeFirst(),
      db.deleteFrom("used_links").where("keep_until", "<", now).executeTakeFirst(),
      db.deleteFrom("throttle_events").where("keep_until", "<", now).executeTakeFirst(),
      db.deleteFrom("form_flashes").where("expires_at", "<", now).executeTakeFirst(),
      db.deleteFrom("used_form_tokens").where("keep_until", "<", now).executeTakeFirst(),
      db.deleteFrom("register_uploads").where("keep_until", "<", now).executeTakeFirst(),
    ]);
  return {
    sessions: count(sessions),
    usedLinks: count(usedLinks),
    throttleEvents: count(throttleEvents),
    formFlashes: count(formFlashes),
    usedFormTokens: count(usedFormTokens),
    registerUploads: count(registerUploads),
  };
}
