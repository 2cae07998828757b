import { type Db, database } from "../db/database.server.ts";

/** One line of the audit log: who did what, when, to which record. */
export type AuditEntry = {
  at: string;
  /** The secretariat address that acted. */
  who: string;
  /** A short code: payment, reject, resend, release, delete, export, password-link. */
  action: string;
  /** The record acted on: `account/<key>`, `<kind>/<id>` of a submission, `quarantine/<kind>/<id>`. */
  record: string;
  /** What happened, in words. */
  summary: string;
};

const ACCOUNT_RECORD = /^account\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/**
 * Writes one line of the log (`audit_log`: append-only, a trigger refuses any change), in the
 * transaction of the change it records when `db` is one: the line is kept exactly when the change
 * is. A line about an account names it by id too, so its page reads its own lines by an index.
 */
export async function recordAction(
  entry: Omit<AuditEntry, "at">,
  at = new Date(),
  db: Db = database(),
): Promise<AuditEntry> {
  const line: AuditEntry = { at: at.toISOString(), ...entry };
  await db
    .insertInto("audit_log")
    .values({
      at,
      who: entry.who,
      action: entry.action,
      record: entry.record,
      account_id: ACCOUNT_RECORD.exec(entry.record)?.[1] ?? null,
      summary: entry.summary,
    })
    .execute();
  return line;
}

type AuditRow = { at: Date; who: string; action: string; record: string; summary: string };

const entryOf = (row: AuditRow): AuditEntry => ({
  at: row.at.toISOString(),
  who: row.who,
  action: row.action,
  record: row.record,
  summary: row.summary,
});

/** The newest lines of the log, newest first (`limit` of them at most): one indexed read. */
export async function recentActions(limit = 100, db: Db = database()): Promise<AuditEntry[]> {
  const rows = await db
    .selectFrom("audit_log")
    .select(["at", "who", "action", "record", "summary"])
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(entryOf);
}

/**
 * The lines about one account, newest first: whatever its address was when each was written, and
 * those of the accounts merged into it (the log is append-only: its lines follow through
 * account_merges, decision 0051).
 */
export async function accountActions(
  accountId: string,
  limit = 500,
  db: Db = database(),
): Promise<AuditEntry[]> {
  const rows = await db
    .selectFrom("audit_log")
    .select(["at", "who", "action", "record", "summary"])
    .where((where) =>
      where.or([
        where("account_id", "=", accountId),
        where(
          "account_id",
          "in",
          where
            .selectFrom("account_merges")
            .select("account_merges.merged")
            .where("account_merges.kept", "=", accountId),
        ),
      ]),
    )
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(entryOf);
}
