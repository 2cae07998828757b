import { afterAll, beforeAll } from "vitest";
import { type LocalDatabase, startLocalDatabase } from "../../scripts/dev/local-database.ts";
import { closeDatabase } from "../../src/server/db/database.server.ts";

/**
 * The records' database for the tests of one file: PGlite in this worker, migrated with the
 * project's migrations, served on a local port (scripts/dev/local-database.ts) so the code under test reaches it as it
 * reaches Netlify Database (NETLIFY_DB_URL). One per worker, started by its first file; each file
 * begins with every table empty, as each file began with empty Blobs.
 */
const WORKER_DATABASE = Symbol.for("isgpb.test-database");
type WithDatabase = typeof globalThis & { [WORKER_DATABASE]?: Promise<LocalDatabase> };

function workerDatabase(): Promise<LocalDatabase> {
  const global = globalThis as WithDatabase;
  global[WORKER_DATABASE] ??= startLocalDatabase();
  return global[WORKER_DATABASE];
}

/** Empties every table the migrations made (not the migrations' own record). */
export async function emptyTables(local: LocalDatabase): Promise<void> {
  const { rows } = await local.db.query<{ name: string }>(
    "SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public'",
  );
  if (rows.length === 0) return;
  await local.db.exec(`TRUNCATE ${rows.map((row) => row.name).join(", ")} RESTART IDENTITY CASCADE`);
}

export function startDatabase(): { local: () => LocalDatabase } {
  let local: LocalDatabase | undefined;
  beforeAll(async () => {
    local = await workerDatabase();
    process.env.NETLIFY_DB_URL = local.url;
    process.env.NETLIFY_DB_DRIVER = "server";
    await emptyTables(local);
  });
  afterAll(async () => {
    await closeDatabase();
  });
  return {
    local: () => {
      if (!local) throw new Error("The database starts in beforeAll");
      return local;
    },
  };
}

/** Every mail in the outbox, oldest first: what the site sent (or kept, with no Resend key set). */
export async function outboxMails(): Promise<
  { key: string; name: string; to: string[]; subject: string; text: string; html: string; sent: boolean }[]
> {
  const { database } = await import("../../src/server/db/database.server.ts");
  const rows = await database()
    .selectFrom("outbox")
    .select(["key", "name", "mail", "sent_at"])
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ key: row.key, name: row.name, ...row.mail, sent: row.sent_at !== null }));
}
