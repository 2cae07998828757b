/**
 * What the served site stored in this worker's database (tests/e2e/fixtures.ts): the site runs in
 * this process, so `database()` reads that very database.
 */
import { database } from "../../src/server/db/database.server.ts";
import { readSubmission, type Submission } from "../../src/server/submissions.server.ts";
import type { Site } from "./fixtures.ts";

/** The stored submissions of `kind`, each with its mails' states, by id. */
export async function storedSubmissions<T>(_site: Site, kind: string): Promise<Map<string, Submission<T>>> {
  const rows = await database().selectFrom("submissions").select("id").where("kind", "=", kind).execute();
  const found = new Map<string, Submission<T>>();
  for (const { id } of rows) {
    const submission = await readSubmission<T>(kind, id);
    if (submission) found.set(id, submission);
  }
  return found;
}

/** What the spam guard held back of `kind`, with why, by id. */
export async function heldSubmissions<T>(
  _site: Site,
  kind: string,
): Promise<Map<string, { data: T; reason: string }>> {
  const rows = await database()
    .selectFrom("held_submissions")
    .select(["id", "data", "reason"])
    .where("kind", "=", kind)
    .execute();
  return new Map(rows.map((row) => [row.id, { data: row.data as T, reason: row.reason }]));
}
