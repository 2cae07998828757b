/**
 * Writes an import plan in one transaction: all of it, or (a failure, or a dry run) none of it.
 * Each row is inserted unless its natural key is there already (ON CONFLICT DO NOTHING), so a
 * second run adds nothing; audit lines and rejections, which have no such key, are compared with
 * what is there. One import at a time: the transaction holds an advisory lock.
 */
import { sql } from "kysely";
import type { Db, Tx } from "../../src/server/db/database.server.ts";
import type { Database } from "../../src/server/db/schema.server.ts";
import type { ImportPlan } from "./import-plan.ts";

export const TABLES = [
  "accounts",
  "account_addresses",
  "payments",
  "notices",
  "rejections",
  "sessions",
  "used_links",
  "directory_privacy",
  "own_details",
  "audit_log",
  "submissions",
  "outbox",
  "held_submissions",
  "used_form_tokens",
  "form_flashes",
  "subscribers",
  "newsletter_issues",
  "newsletter_copies",
] as const satisfies readonly (keyof Database)[];

export type Table = (typeof TABLES)[number];

export type TableCounts = { before: number; planned: number; added: number; after: number };

export type WriteResult = {
  tables: Record<Table, TableCounts>;
  /**
   * Accounts copied by an earlier run whose Blobs record has changed since (a payment, a new
   * password, a closing between the copy and the switch): a second run leaves the row as it was
   * copied, so a person looks at these (by application, or the id of a secretariat account).
   */
  changedSinceCopied: string[];
};

/** What may change on an account after it is made: compared to find a record that moved on. */
const CHANGING = [
  "email",
  "name",
  "status",
  "activated_at",
  "password_hash",
  "verification_nonce",
  "email_verified_at",
  "directory_email",
  "closed_at",
  "set_aside_at",
  "sessions_ended_at",
] as const;

/** A column's value as compared: a time by its instant, whether read as a Date or planned as text. */
const comparable = (value: unknown) =>
  value instanceof Date
    ? value.getTime()
    : typeof value === "string" && /^\d{4}-\d\d-\d\dT/.test(value)
      ? Date.parse(value)
      : (value ?? null);

/** Any number that is this script's own: the lock two imports at once would both take. */
const IMPORT_LOCK = 5_620_001;

/** Rows per statement: well under Postgres's 65,535 parameters for the widest table. */
const CHUNK = 500;

class DryRun extends Error {}

async function countRows(db: Db, table: Table): Promise<number> {
  const { n } = await db
    .selectFrom(table as "accounts")
    .select((row) => row.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}

async function inChunks<T>(
  rows: T[],
  insert: (chunk: T[]) => Promise<{ numInsertedOrUpdatedRows?: bigint }>,
) {
  let added = 0;
  for (let start = 0; start < rows.length; start += CHUNK)
    added += Number((await insert(rows.slice(start, start + CHUNK))).numInsertedOrUpdatedRows ?? 0n);
  return added;
}

/** Inserts what is missing; answers, by table, the rows before, planned, added and after. */
export async function writePlan(
  db: Db,
  plan: ImportPlan,
  { dryRun }: { dryRun: boolean },
): Promise<WriteResult> {
  let result: WriteResult | undefined;
  try {
    await db.transaction().execute(async (tx) => {
      await sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK})`.execute(tx);
      const before = Object.fromEntries(
        await Promise.all(TABLES.map(async (table) => [table, await countRows(tx, table)] as const)),
      ) as Record<Table, number>;
      const changedSinceCopied = await accountsChanged(tx, plan);
      const added = await insertAll(tx, plan);
      const counts = {} as Record<Table, TableCounts>;
      for (const table of TABLES)
        counts[table] = {
          before: before[table],
          planned: plan[table].length,
          added: added[table],
          after: await countRows(tx, table),
        };
      result = { tables: counts, changedSinceCopied };
      if (dryRun) throw new DryRun();
    });
  } catch (error) {
    if (!(error instanceof DryRun)) throw error;
  }
  return result as WriteResult;
}

/** The planned accounts already in the table whose columns no longer match their Blobs record. */
async function accountsChanged(tx: Tx, plan: ImportPlan): Promise<string[]> {
  const planned = new Map(plan.accounts.map((row) => [row.id as string, row]));
  const changed: string[] = [];
  const ids = [...planned.keys()];
  for (let start = 0; start < ids.length; start += CHUNK) {
    const rows = await tx
      .selectFrom("accounts")
      .select(["id", "application_id", ...CHANGING])
      .where("id", "in", ids.slice(start, start + CHUNK))
      .execute();
    for (const row of rows) {
      const copy = planned.get(row.id) as (typeof plan.accounts)[number];
      if (CHANGING.some((column) => comparable(row[column]) !== comparable(copy[column])))
        changed.push(row.application_id ?? row.id);
    }
  }
  return changed.sort();
}

async function insertAll(tx: Tx, plan: ImportPlan): Promise<Record<Table, number>> {
  const added = {} as Record<Table, number>;
  added.accounts = await inChunks(plan.accounts, (rows) =>
    tx
      .insertInto("accounts")
      .values(rows)
      .onConflict((c) => c.column("id").doNothing())
      .executeTakeFirstOrThrow(),
  );
  added.account_addresses = await inChunks(plan.account_addresses, (rows) =>
    tx
      .insertInto("account_addresses")
      .values(rows)
      .onConflict((c) => c.columns(["account_id", "since"]).doNothing())
      .executeTakeFirstOrThrow(),
  );
  added.payments = await inChunks(plan.payments, (rows) =>
    tx
      .insertInto("payments")
      .values(rows)
      .onConflict((c) => c.column("reference").doNothing())
      .executeTakeFirstOrThrow(),
  );
  added.notices = await inChunks(plan.notices, (rows) =>
    tx
      .insertInto("notices")
      .values(rows)
      .onConflict((c) => c.columns(["account_id", "period", "kind"]).doNothing())
      .executeTakeFirstOrThrow(),
  );

  // No key of their own: a rejection is the same one by its account and time.
  const rejected = new Set(
    (await tx.selectFrom("rejections").select(["account_id", "rejected_at"]).execute()).map(
      (row) => `${row.account_id} ${row.rejected_at.toISOString()}`,
    ),
  );
  const rejections = plan.rejections.filter(
    (row) => !rejected.has(`${row.account_id} ${new Date(row.rejected_at).toISOString()}`),
  );
  added.rejections = await inChunks(rejections, (rows) =>
    tx.insertInto("rejections").values(rows).executeTakeFirstOrThrow(),
  );

  added.sessions = await inChunks(plan.sessions, (rows) =>
    tx
      .insertInto("sessions")
      .values(rows)
      .onConflict((c) => c.column("token_hash").doNothing())
      .executeTakeFirstOrThrow(),
  );
  added.used_links = await inChunks(plan.used_links, (rows) =>
    tx
      .insertInto("used_links")
      .values(rows)
      .onConflict((c) => c.column("nonce").doNothing())
      .executeTakeFirstOrThrow(),
  );
  added.directory_privacy = await inChunks(plan.directory_privacy, (rows) =>
    tx
      .insertInto("directory_privacy")
      .values(rows)
      .onConflict((c) => c.column("member_id").doNothing())
      .executeTakeFirstOrThrow(),
  );
  added.own_details = await inChunks(plan.own_details, (rows) =>
    tx
      .insertInto("own_details")
      .values(rows)
      .onConflict((c) => c.column("member_id").doNothing())
      .executeTakeFirstOrThrow(),
  );

  // Nor has an audit line: it is the same one by all it says.
  const line = (row: { at: Date | string; who: string; action: string; record: string; summary: string }) =>
    JSON.stringify([new Date(row.at).toISOString(), row.who, row.action, row.record, row.summary]);
  const logged = new Set(
    (await tx.selectFrom("audit_log").select(["at", "who", "action", "record", "summary"]).execute()).map(
      line,
    ),
  );
  const lines = plan.audit_log.filter((row) => !logged.has(line(row)));
  added.audit_log = await inChunks(lines, (rows) =>
    tx.insertInto("audit_log").values(rows).executeTakeFirstOrThrow(),
  );

  added.submissions = await inChunks(plan.submissions, (rows) =>
    tx
      .insertInto("submissions")
      .values(rows)
      .onConflict((c) => c.columns(["kind", "id"]).doNothing())
      .executeTakeFirstOrThrow(),
  );
  added.outbox = await inChunks(plan.outbox, (rows) =>
    tx
      .insertInto("outbox")
      .values(rows)
      .onConflict((c) => c.column("key").doNothing())
      .executeTakeFirstOrThrow(),
  );
  added.held_submissions = await inChunks(plan.held_submissions, (rows) =>
    tx
      .insertInto("held_submissions")
      .values(rows)
      .onConflict((c) => c.columns(["kind", "id"]).doNothing())
      .executeTakeFirstOrThrow(),
  );
  added.used_form_tokens = await inChunks(plan.used_form_tokens, (rows) =>
    tx
      .insertInto("used_form_tokens")
      .values(rows)
      .onConflict((c) => c.column("token_hash").doNothing())
      .executeTakeFirstOrThrow(),
  );
  added.form_flashes = await inChunks(plan.form_flashes, (rows) =>
    tx
      .insertInto("form_flashes")
      .values(rows)
      .onConflict((c) => c.column("id").doNothing())
      .executeTakeFirstOrThrow(),
  );
  added.subscribers = await inChunks(plan.subscribers, (rows) =>
    tx
      .insertInto("subscribers")
      .values(rows)
      .onConflict((c) => c.expression(sql`lower(email)`).doNothing())
      .executeTakeFirstOrThrow(),
  );
  added.newsletter_issues = await inChunks(plan.newsletter_issues, (rows) =>
    tx
      .insertInto("newsletter_issues")
      .values(rows)
      .onConflict((c) => c.column("id").doNothing())
      .executeTakeFirstOrThrow(),
  );

  // A copy names its subscriber and its mail's row, which have ids only once written.
  const subscriberIds = new Map(
    (await tx.selectFrom("subscribers").select(["id", "email"]).execute()).map((row) => [
      row.email.toLowerCase(),
      row.id,
    ]),
  );
  const outboxIds = new Map<string, string>();
  const copyKeys = plan.newsletter_copies.map((copy) => copy.outbox_key);
  for (let start = 0; start < copyKeys.length; start += CHUNK)
    for (const row of await tx
      .selectFrom("outbox")
      .select(["id", "key"])
      .where("key", "in", copyKeys.slice(start, start + CHUNK))
      .execute())
      outboxIds.set(row.key, row.id);
  const copies = plan.newsletter_copies.flatMap((copy) => {
    const subscriber_id = subscriberIds.get(copy.email.trim().toLowerCase());
    const outbox_id = outboxIds.get(copy.outbox_key);
    return subscriber_id && outbox_id
      ? [{ issue_id: copy.issue_id, subscriber_id, outbox_id, queued_at: copy.queued_at }]
      : [];
  });
  if (copies.length < plan.newsletter_copies.length)
    throw new Error(
      `${plan.newsletter_copies.length - copies.length} newsletter copies name a subscriber or mail that is not there`,
    );
  added.newsletter_copies = await inChunks(copies, (rows) =>
    tx
      .insertInto("newsletter_copies")
      .values(rows)
      .onConflict((c) => c.columns(["issue_id", "subscriber_id"]).doNothing())
      .executeTakeFirstOrThrow(),
  );
  return added;
}
