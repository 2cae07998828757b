import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import { dayInIndia } from "#shared/membership/calendar.ts";
import { accountKey } from "../account/accounts.server.ts";
import { type Db, database, inTransaction, type Tx } from "../db/database.server.ts";
import { membershipContent } from "../membership/membership-content.server.ts";
import { recordAction } from "../secretariat/audit.server.ts";
import {
  csvCells,
  MEMBERSHIP_OF_CLASS,
  type RegisterEntry,
  RegisterFileError,
  type RegisterLine,
  readRegister,
} from "./register-rows.server.ts";

/**
 * The register's import (decision 0051): a file is read and kept under its digest (an upload),
 * previewed against the records as they are, and applied in one transaction. Each member on the
 * register has an account (no password until claimed, active, the register's address and class)
 * and a register_members row; the import makes or updates both. What a member or the office
 * changed on the site since the last import (the name, the address) is never overwritten unless
 * the office ticks to take the register's value. The import is all or nothing: while any row is
 * refused, Apply writes nothing and the page lists the rows to correct with their reasons; a clean
 * file is applied whole. Applying names the preview it was shown (its digest): when the records
 * have moved since (another Apply a moment before), nothing is written and the office previews again.
 */

/** The fields of a register row the import writes, in the order the preview lists them. */
export const ENTRY_FIELDS = [
  "name",
  "email",
  "class",
  "joinedYear",
  "lastPaidYear",
  "lifeOwed",
  "zone",
  "dateOfBirth",
] as const;
export type EntryField = (typeof ENTRY_FIELDS)[number];

/** The fields a member or the office may change on the site: a later import may not silently undo them. */
export const SITE_FIELDS = ["name", "email"] as const satisfies readonly EntryField[];
type SiteField = (typeof SITE_FIELDS)[number];

/** An entry as the import keeps it (register_members.imported): every field a string. */
export type ImportedValues = Record<EntryField, string>;

export const valuesOf = (entry: RegisterEntry): ImportedValues => ({
  name: entry.name,
  email: entry.email,
  class: entry.class,
  joinedYear: String(entry.joinedYear),
  lastPaidYear: entry.lastPaidYear ?? "",
  lifeOwed: entry.lifeOwed === null ? "" : String(entry.lifeOwed),
  zone: entry.zone ?? "",
  dateOfBirth: entry.dateOfBirth ?? "",
});

export type FieldChange = { field: EntryField; from: string; to: string };

/** A value changed on the site since the last import and changed on the register too. */
export type Conflict = { field: SiteField; site: string; register: string; imported: string };

export type PlanRow = {
  line: number;
  memberNo: string;
  name: string;
  kind: "new" | "changed" | "unchanged" | "refused";
  reason?: string;
  changes: FieldChange[];
  conflicts: Conflict[];
  /** A new member whose address is a site account's not on the register: linked only if ticked. */
  link?: { accountId: string; name: string; applicationId: string };
  entry?: RegisterEntry;
  accountId?: string;
};

export type RegisterPlan = {
  rows: PlanRow[];
  counts: { new: number; changed: number; unchanged: number; refused: number; conflicts: number };
  /** The digest of what Apply would do (ticks aside): Apply must name it. */
  digest: string;
};

/** What the office ticked: `<member no>/<field>` to take the register's value, `<member no>/link`. */
export type Ticks = ReadonlySet<string>;

type Current = {
  member_no: string;
  account_id: string;
  imported: ImportedValues;
  merged_into: string | null;
  site: ImportedValues;
};

/** The register's rows as the records hold them now, with their accounts' site values. */
async function currentRows(db: Db): Promise<Map<string, Current>> {
  const rows = await db
    .selectFrom("register_members as r")
    .innerJoin("accounts as a", "a.id", "r.account_id")
    .select([
      "r.member_no",
      "r.account_id",
      "r.imported",
      "r.merged_into",
      "r.class",
      "r.joined_year",
      "r.last_paid_year",
      "r.life_owed",
      "r.zone",
      "r.date_of_birth",
      "a.name",
      "a.email",
    ])
    .execute();
  return new Map(
    rows.map((row) => [
      row.member_no.toUpperCase(),
      {
        member_no: row.member_no,
        account_id: row.account_id,
        imported: row.imported as ImportedValues,
        merged_into: row.merged_into,
        site: {
          name: row.name,
          email: row.email.toLowerCase(),
          class: row.class,
          joinedYear: String(row.joined_year),
          lastPaidYear: row.last_paid_year ?? "",
          lifeOwed: row.life_owed === null ? "" : String(row.life_owed),
          zone: row.zone ?? "",
          dateOfBirth: row.date_of_birth ?? "",
        },
      },
    ]),
  );
}

type Holder = { id: string; name: string; application_id: string | null; role: string | null };

/** The open accounts holding these addresses, by address (lower case). */
async function holders(db: Db, emails: string[]): Promise<Map<string, Holder>> {
  const found = new Map<string, Holder>();
  for (let start = 0; start < emails.length; start += 1000) {
    const slice = emails.slice(start, start + 1000);
    const rows = await db
      .selectFrom("accounts")
      .select(["id", "name", "email", "application_id", "role"])
      .where(sql<string>`lower(email)`, "in", slice)
      .where("closed_at", "is", null)
      .where("set_aside_at", "is", null)
      .execute();
    for (const row of rows) found.set(row.email.toLowerCase(), row);
  }
  return found;
}

/**
 * What applying the register's lines would do to the records as they are in `db`: each row new,
 * changed (with each field's old and new value), unchanged or refused (with the reason); the
 * conflicts (a site value the register would overwrite) and the site accounts a new member's
 * address already names, each for the office to tick.
 */
export async function planImport(lines: RegisterLine[], db: Db = database()): Promise<RegisterPlan> {
  const current = await currentRows(db);
  const emails = [...new Set(lines.flatMap((line) => ("entry" in line ? [line.entry.email] : [])))];
  const held = await holders(db, emails);
  const accountsOnRegister = new Set([...current.values()].map((row) => row.account_id));
  const rows = lines.map((line): PlanRow => {
    const base = { line: line.line, memberNo: line.memberNo, name: line.name, changes: [], conflicts: [] };
    if (!("entry" in line)) return { ...base, kind: "refused", reason: line.refused };
    const entry = line.entry;
    const values = valuesOf(entry);
    const known = current.get(entry.memberNo.toUpperCase());
    const holder = held.get(entry.email);
    if (!known) {
      if (holder && (holder.role || accountsOnRegister.has(holder.id)))
        return {
          ...base,
          kind: "refused",
          reason: `the address ${entry.email} is another member's account on the site (${holder.name})`,
        };
      if (holder)
        return {
          ...base,
          kind: "refused",
          reason: `the address ${entry.email} is an account made on the site (${holder.name}, application ${holder.application_id ?? "none"}): tick to make it this member's`,
          link: { accountId: holder.id, name: holder.name, applicationId: holder.application_id ?? "" },
          entry,
        };
      return { ...base, kind: "new", entry };
    }
    if (known.merged_into)
      return {
        ...base,
        kind: "refused",
        reason: `merged on the site into member ${known.merged_into}: take the row off the register`,
      };
    const changes: FieldChange[] = [];
    const conflicts: Conflict[] = [];
    for (const field of ENTRY_FIELDS) {
      const site = known.site[field];
      const wanted = values[field];
      if (site === wanted) continue;
      const before = known.imported[field] ?? "";
      if ((SITE_FIELDS as readonly string[]).includes(field) && site !== before) {
        // Changed on the site since the last import. The register unchanged: it has not caught up,
        // and the site's value stands. The register changed too: the office decides.
        if (wanted !== before)
          conflicts.push({ field: field as SiteField, site, register: wanted, imported: before });
        continue;
      }
      changes.push({ field, from: site, to: wanted });
    }
    const moved = changes.find((change) => change.field === "email");
    const taken = moved ? held.get(moved.to) : undefined;
    if (taken && taken.id !== known.account_id)
      return {
        ...base,
        kind: "refused",
        reason: `the new address ${entry.email} is another account's on the site (${taken.name})`,
      };
    return {
      ...base,
      kind: changes.length > 0 ? "changed" : "unchanged",
      changes,
      conflicts,
      entry,
      accountId: known.account_id,
    };
  });
  const count = (kind: PlanRow["kind"]) => rows.filter((row) => row.kind === kind).length;
  return {
    rows,
    counts: {
      new: count("new"),
      changed: count("changed"),
      unchanged: count("unchanged"),
      refused: count("refused"),
      conflicts: rows.filter((row) => row.conflicts.length > 0).length,
    },
    digest: planDigest(rows),
  };
}

function planDigest(rows: PlanRow[]): string {
  const essence = rows.map((row) => [
    row.memberNo,
    row.kind,
    row.reason ?? "",
    row.changes,
    row.conflicts,
    row.link?.accountId ?? "",
  ]);
  return createHash("sha256").update(JSON.stringify(essence)).digest("hex");
}

/** The register's source, as kept with an upload: "csv" or "sheet". */
export type RegisterSourceKind = "csv" | "sheet";

export const digestOf = (content: string) => createHash("sha256").update(content, "utf8").digest("hex");

/** How long a file read for a preview is kept for its Apply. */
const UPLOAD_KEPT_MS = 24 * 3_600_000;

/**
 * Keeps a file read for a preview (the same file again keeps its first copy): its digest, which
 * names it to the preview's page and to Apply. Checks first that it reads as a register.
 */
export async function keepUpload(
  source: RegisterSourceKind,
  content: string,
  by: string,
  now = new Date(),
  db: Db = database(),
): Promise<string> {
  readLines(source, content, now);
  const digest = digestOf(content);
  await db
    .insertInto("register_uploads")
    .values({
      digest,
      source,
      content,
      uploaded_at: now,
      uploaded_by: by,
      keep_until: new Date(now.getTime() + UPLOAD_KEPT_MS),
    })
    .onConflict((conflict) =>
      conflict.column("digest").doUpdateSet({ keep_until: new Date(now.getTime() + UPLOAD_KEPT_MS) }),
    )
    .execute();
  return digest;
}

/** The register's lines of a kept file: a CSV's text, or the sheet's cells kept as JSON. */
export function readLines(source: string, content: string, now: Date): RegisterLine[] {
  const start = membershipContent().calendar.financialYearStartMonth;
  let cells: unknown;
  if (source === "sheet") {
    try {
      cells = JSON.parse(content);
    } catch {
      throw new RegisterFileError("the sheet's copy is unreadable");
    }
  } else cells = csvCells(content);
  return readRegister(cells, now, start);
}

export type Upload = { digest: string; source: string; content: string; uploadedAt: Date };

/** A file kept for a preview, unless it has expired (the sweep deletes it in its own time). */
export async function findUpload(
  digest: string,
  now = new Date(),
  db: Db = database(),
): Promise<Upload | null> {
  if (!/^[0-9a-f]{64}$/.test(digest)) return null;
  const row = await db
    .selectFrom("register_uploads")
    .selectAll()
    .where("digest", "=", digest)
    .where("keep_until", ">", now)
    .executeTakeFirst();
  return row ? { digest, source: row.source, content: row.content, uploadedAt: row.uploaded_at } : null;
}

/** The preview of a kept file against the records as they are now. */
export async function previewUpload(upload: Upload, now = new Date(), db: Db = database()) {
  return planImport(readLines(upload.source, upload.content, now), db);
}

export type ApplyOutcome =
  | {
      done: "applied";
      importId: string;
      added: number;
      changed: number;
      unchanged: number;
      kept: number;
    }
  /** Rows still refused (a site account's address left unticked among them): nothing written. */
  | { done: "refused"; rows: { line: number; memberNo: string; reason: string }[] }
  | { done: "moved" }
  | { done: "expired" };

/** A new application id of the usual shape (EN- and ten upper-case hex digits). */
const newApplicationId = () => `EN-${randomBytes(5).toString("hex").toUpperCase()}`;

/** Rows a multi-row INSERT carries at once (Postgres takes at most 65,535 parameters a statement). */
const CHUNK = 500;

const chunks = <T>(list: T[]) => {
  const out: T[][] = [];
  for (let start = 0; start < list.length; start += CHUNK) out.push(list.slice(start, start + CHUNK));
  return out;
};

/**
 * The rows that keep a plan from being applied: every refused row, except one whose address is a
 * site account's that the office ticked to make the member's.
 */
export const blockingRows = (plan: RegisterPlan, ticks: Ticks) =>
  plan.rows.filter((row) => row.kind === "refused" && !(row.link && ticks.has(`${row.memberNo}/link`)));

/**
 * Applies the preview `planDigest` of the kept file `digest`, with the office's ticks, in one
 * transaction: every account and register row it makes or changes, the import's record and its
 * audit line, or nothing. All or nothing: while a row is refused nothing is written, so a register
 * is never half in (the office corrects the rows and imports the whole file again). Applies one at
 * a time (a lock on the register): a second Apply of the same preview waits, finds the records
 * moved (its preview no longer what it would do) and writes nothing.
 */
export async function applyImport(
  digest: string,
  previewDigest: string,
  ticks: Ticks,
  by: string,
  now = new Date(),
): Promise<ApplyOutcome> {
  return inTransaction(async (tx) => {
    await sql`LOCK TABLE register_members IN SHARE ROW EXCLUSIVE MODE`.execute(tx);
    const upload = await findUpload(digest, now, tx);
    if (!upload) return { done: "expired" };
    const plan = await previewUpload(upload, now, tx);
    if (plan.digest !== previewDigest) return { done: "moved" };
    const blocking = blockingRows(plan, ticks);
    if (blocking.length > 0)
      return {
        done: "refused",
        rows: blocking.map((row) => ({ line: row.line, memberNo: row.memberNo, reason: row.reason ?? "" })),
      };
    const importRow = await tx
      .insertInto("register_imports")
      .values({
        at: now,
        by,
        source: upload.source,
        digest,
        added: 0,
        changed: 0,
        unchanged: 0,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const importId = importRow.id;
    const today = dayInIndia(now);
    const ticked = (row: PlanRow, what: string) => ticks.has(`${row.memberNo}/${what}`);
    const fresh = plan.rows.filter((row) => row.kind === "new");
    const linked = plan.rows.filter((row) => row.kind === "refused" && row.link && ticked(row, "link"));
    let changed = 0;
    let kept = 0;
    await addMembers(tx, fresh, importId, now);
    for (const row of linked) await linkMember(tx, row, importId, now);
    for (const row of plan.rows) {
      if (!row.accountId || !row.entry) continue;
      const taken = row.conflicts.filter((conflict) => ticked(row, conflict.field));
      kept += row.conflicts.length - taken.length;
      const changes = [
        ...row.changes,
        ...taken.map((conflict) => ({ field: conflict.field, from: conflict.site, to: conflict.register })),
      ];
      if (changes.length === 0) continue;
      await changeMember(tx, row, changes, importId, now, today);
      changed++;
    }
    const added = fresh.length + linked.length;
    const unchanged =
      plan.rows.filter((row) => row.kind === "unchanged").length - countTakenOnly(plan, ticks);
    await tx
      .updateTable("register_imports")
      .set({ added, changed, unchanged, kept })
      .where("id", "=", importId)
      .execute();
    await recordAction(
      {
        who: by,
        action: "register-import",
        record: `register-import/${importId}`,
        summary: `Imported the membership register (${upload.source}, ${digest.slice(0, 12)}…): ${added} new, ${changed} changed, ${unchanged} unchanged, ${kept} site values kept`,
      },
      now,
      tx,
    );
    return { done: "applied", importId, added, changed, unchanged, kept };
  });
}

/** Unchanged rows that a tick turned into changes. */
const countTakenOnly = (plan: RegisterPlan, ticks: Ticks) =>
  plan.rows.filter(
    (row) =>
      row.kind === "unchanged" &&
      row.conflicts.some((conflict) => ticks.has(`${row.memberNo}/${conflict.field}`)),
  ).length;

/** The new members' accounts and register rows, a few hundred to a statement. */
async function addMembers(tx: Tx, rows: PlanRow[], importId: string, now: Date): Promise<void> {
  const today = dayInIndia(now);
  for (const slice of chunks(rows)) {
    const entries = slice.map((row) => row.entry as RegisterEntry);
    const made = await tx
      .insertInto("accounts")
      .values(
        entries.map((entry) => ({
          email: entry.email,
          name: entry.name,
          membership: MEMBERSHIP_OF_CLASS[entry.class],
          application_id: newApplicationId(),
          submitted_at: now,
          status: "active" as const,
          activated_at: now,
          // No password until the member claims the account through a link to this address.
          password_hash: "",
        })),
      )
      .returning(["id", "email"])
      .execute();
    const idOf = new Map(made.map((row) => [row.email.toLowerCase(), row.id]));
    await tx
      .insertInto("account_addresses")
      .values(
        made.map((row) => ({
          account_id: row.id,
          email: row.email,
          address_key: accountKey(row.email),
          since: now,
        })),
      )
      .execute();
    await tx
      .insertInto("register_members")
      .values(entries.map((entry) => memberRow(entry, idOf.get(entry.email) as string, importId, today)))
      .execute();
  }
}

const memberRow = (entry: RegisterEntry, accountId: string, importId: string, today: string) => ({
  member_no: entry.memberNo,
  account_id: accountId,
  class: entry.class,
  joined_year: entry.joinedYear,
  last_paid_year: entry.lastPaidYear,
  life_owed: entry.lifeOwed,
  owed_since: entry.lifeOwed ? today : null,
  zone: entry.zone,
  date_of_birth: entry.dateOfBirth,
  imported: JSON.stringify(valuesOf(entry)),
  import_id: importId,
});

/**
 * A member who had made an account on the site (the same address) before the register came in:
 * the account becomes the member's (the register's class; active, as a member is), keeping its
 * name, address, password and payments.
 */
async function linkMember(tx: Tx, row: PlanRow, importId: string, now: Date): Promise<void> {
  const entry = row.entry as RegisterEntry;
  const accountId = row.link?.accountId as string;
  await tx
    .updateTable("accounts")
    .set({
      membership: MEMBERSHIP_OF_CLASS[entry.class],
      status: "active",
      activated_at: sql<Date>`coalesce(activated_at, ${now})`,
    })
    .where("id", "=", accountId)
    .execute();
  await tx
    .insertInto("register_members")
    .values(memberRow(entry, accountId, importId, dayInIndia(now)))
    .execute();
}

/** A member's changed fields written to the account and the register row. */
async function changeMember(
  tx: Tx,
  row: PlanRow,
  changes: FieldChange[],
  importId: string,
  now: Date,
  today: string,
): Promise<void> {
  const entry = row.entry as RegisterEntry;
  const accountId = row.accountId as string;
  const fields = new Set(changes.map((change) => change.field));
  if (fields.has("name") || fields.has("class"))
    await tx
      .updateTable("accounts")
      .set({
        ...(fields.has("name") ? { name: entry.name } : {}),
        ...(fields.has("class") ? { membership: MEMBERSHIP_OF_CLASS[entry.class] } : {}),
      })
      .where("id", "=", accountId)
      .execute();
  if (fields.has("email")) {
    await tx.updateTable("accounts").set({ email: entry.email }).where("id", "=", accountId).execute();
    await tx
      .updateTable("account_addresses")
      .set({ until: now })
      .where("account_id", "=", accountId)
      .where("until", "is", null)
      .execute();
    await tx
      .insertInto("account_addresses")
      .values({ account_id: accountId, email: entry.email, address_key: accountKey(entry.email), since: now })
      .execute();
  }
  await tx
    .updateTable("register_members")
    .set({
      class: entry.class,
      joined_year: entry.joinedYear,
      last_paid_year: entry.lastPaidYear,
      life_owed: entry.lifeOwed,
      ...(fields.has("lifeOwed") ? { owed_since: entry.lifeOwed ? today : null } : {}),
      zone: entry.zone,
      date_of_birth: entry.dateOfBirth,
      imported: JSON.stringify(valuesOf(entry)),
      import_id: importId,
    })
    .where("account_id", "=", accountId)
    .execute();
}
