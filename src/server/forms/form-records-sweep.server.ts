import { database } from "../db/database.server.ts";

/**
 * The forms' short-lived rows past their time: refusals kept for a page without JavaScript
 * (form_flashes, ten minutes) and spent form tokens (used_form_tokens, while the token could still
 * pass the spam guard). One DELETE each, by the expiry column's index.
 */
export async function sweepFormRecords(now = new Date()): Promise<{ flashes: number; tokens: number }> {
  const flashes = await database()
    .deleteFrom("form_flashes")
    .where("expires_at", "<=", now)
    .executeTakeFirst();
  const tokens = await database()
    .deleteFrom("used_form_tokens")
    .where("keep_until", "<=", now)
    .executeTakeFirst();
  return { flashes: Number(flashes.numDeletedRows), tokens: Number(tokens.numDeletedRows) };
}
