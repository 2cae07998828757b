import { createHash } from "node:crypto";
import { TOKEN_FIELD } from "#shared/form-guard.ts";
import { type Db, database } from "../db/database.server.ts";
import { FORM_TOKEN_LIFETIME_MS } from "./form-guard.server.ts";

// Apart from form-guard.server.ts, whose checks read nothing but the post and the time: the claim
// is the one part of the spam guard that needs storage.

const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * A form token is good for one accepted submission: this claims it by inserting its hash, and
 * answers false when the row was there already (a replay: the caller quarantines the submission,
 * so nothing is lost). The primary key decides between two posts at once. The row is kept while
 * the token could still pass the guard; the sweep deletes it after (netlify/functions/expired-records-sweep.ts).
 * In the caller's transaction if it gives one (a ballot's: the token is spent only with the ballot).
 */
export async function claimFormToken(
  input: Record<string, unknown>,
  now = new Date(),
  db: Db = database(),
): Promise<boolean> {
  const token = input[TOKEN_FIELD];
  if (typeof token !== "string" || token === "") return true;
  const inserted = await db
    .insertInto("used_form_tokens")
    .values({ token_hash: tokenHash(token), keep_until: new Date(now.getTime() + FORM_TOKEN_LIFETIME_MS) })
    .onConflict((conflict) => conflict.column("token_hash").doNothing())
    .returning("token_hash")
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Gives a token back when its submission could not be kept (storage failed), so a retry can use it. */
export async function releaseFormToken(input: Record<string, unknown>): Promise<void> {
  const token = input[TOKEN_FIELD];
  if (typeof token === "string" && token !== "")
    await database().deleteFrom("used_form_tokens").where("token_hash", "=", tokenHash(token)).execute();
}
