import { type Selectable, sql } from "kysely";
import { phoneAsWritten } from "#shared/forms/field-rules.ts";
import { OWN_DETAIL_FIELDS, type OwnDetailField } from "#shared/forms/own-data-fields.ts";
import type { Member } from "#shared/schemas/directory.ts";
import { normalizePhone } from "#shared/schemas/fields.ts";
import { isAccountId } from "../account/accounts.server.ts";
import { type Db, database, inTransaction, type Tx } from "../db/database.server.ts";
import type { OwnDetailsTable } from "../db/schema.server.ts";
import type { DirectoryOwner } from "./directory-privacy.server.ts";
import { memberIdOfEmail } from "./sheet-rows.server.ts";

/**
 * A member's own changes to their directory entry (position, institution, address, mobile),
 * a row of `own_details` by the entry's member id: the sheet is the secretariat's and the site
 * never writes it. Each changed field keeps the sheet's value it replaced (`was`), so a change shows
 * to other members until the secretariat updates the sheet from the export of changes, and then
 * the sheet is the record again (a later edit of the sheet is never hidden by an old change).
 */
export type OwnDetails = {
  memberId: string;
  /** The account that made the change ("" if it is gone), and its address then. */
  account: string;
  email: string;
  /** The entry's name and address in the sheet at the time: how the export names the row to change. */
  name: string;
  sheetEmail: string;
  values: Partial<Record<OwnDetailField, { value: string; was: string }>>;
  updatedAt: string;
};

/** The sheet's field each detail is in. */
const SHEET_FIELD: Record<OwnDetailField, keyof Member> = {
  position: "position",
  institution: "university",
  address1: "address1",
  address2: "address2",
  city: "city",
  state: "state",
  mobile: "mobile",
};

const detailsOf = (row: Selectable<OwnDetailsTable>): OwnDetails => ({
  memberId: row.member_id,
  account: row.account_id ?? "",
  email: row.email,
  name: row.name,
  sheetEmail: row.sheet_email,
  values: row.values as OwnDetails["values"],
  updatedAt: row.updated_at.toISOString(),
});

export async function ownDetailsOf(memberId: string, db: Db = database()): Promise<OwnDetails | null> {
  const row = await db
    .selectFrom("own_details")
    .selectAll()
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  return row ? detailsOf(row) : null;
}

/** Keeps the record under `memberId`, in place of any there. */
async function putOwnDetails(db: Db, memberId: string, record: OwnDetails): Promise<void> {
  const row = {
    // An account's id; a record made before ids (or for no account) names none.
    account_id: isAccountId(record.account) ? record.account : null,
    email: record.email,
    name: record.name,
    sheet_email: record.sheetEmail,
    values: JSON.stringify(record.values),
    updated_at: record.updatedAt,
  };
  await db
    .insertInto("own_details")
    .values({ member_id: memberId, ...row })
    .onConflict((conflict) => conflict.column("member_id").doUpdateSet(row))
    .execute();
}

/** The entry as other members see it: the member's own changes over the sheet's, while the sheet has not moved on. */
export function withOwnDetails(entry: Member, own: OwnDetails | null): Member {
  if (!own) return entry;
  const merged = { ...entry };
  for (const field of OWN_DETAIL_FIELDS) {
    const change = own.values[field];
    const sheetField = SHEET_FIELD[field];
    if (change && entry[sheetField] === change.was) merged[sheetField] = change.value;
  }
  return merged;
}

/** The entry with its member's changes, read from the store: the member-only view of one member. */
export async function entryWithOwnDetails(entry: Member): Promise<Member> {
  return withOwnDetails(entry, await ownDetailsOf(entry.id));
}

export type SavedDetails = { changed: OwnDetailField[]; entry: Member };

/**
 * Whether a value sent is the one shown: a mobile number as the sheet writes it ("+91 90000 00271")
 * is the same number the form stores ("+919000000271"), so sending the form as it came changes nothing.
 */
const same = (field: OwnDetailField, sent: string, shown: string) =>
  field === "mobile" ? normalizePhone(sent) === normalizePhone(shown) : sent === shown;

/**
 * Saves what the member sent over their entry (a field left out stays; one equal to what others
 * see now changes nothing) and answers which fields changed and the entry as others now see it.
 * Kept under the entry's id and, while the sheet carries another address than the account's,
 * under the id the entry takes once it carries the account's (as the hide choices are). In `tx`
 * when given (the caller's, which writes the change's audit line beside it), else in its own.
 */
export async function saveOwnDetails(
  owner: DirectoryOwner & { key: string },
  entry: Member,
  sent: Partial<Record<OwnDetailField, string | undefined>>,
  at = new Date(),
  tx?: Tx,
): Promise<SavedDetails> {
  // Read then written: two saves for one entry at once take turns (a lock on the entry's id for
  // the transaction, which holds before its row exists), so neither loses the other's change.
  const save = async (tx: Tx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`own-details/${entry.id}`}))`.execute(tx);
    return saveOver(tx, owner, entry, sent, await ownDetailsOf(entry.id, tx), at);
  };
  return tx ? save(tx) : inTransaction(save);
}

async function saveOver(
  tx: Db,
  owner: DirectoryOwner & { key: string },
  entry: Member,
  sent: Partial<Record<OwnDetailField, string | undefined>>,
  before: OwnDetails | null,
  at: Date,
): Promise<SavedDetails> {
  const shown = withOwnDetails(entry, before);
  const values: OwnDetails["values"] = {};
  // Changes still showing are kept; a change the sheet has caught up with, or moved past, is not.
  for (const field of OWN_DETAIL_FIELDS) {
    const change = before?.values[field];
    if (change && entry[SHEET_FIELD[field]] === change.was && change.value !== change.was)
      values[field] = change;
  }
  const changed: OwnDetailField[] = [];
  for (const field of OWN_DETAIL_FIELDS) {
    // A mobile number is kept as the sheet writes one, which is how others see it and how it is exported.
    const value =
      field === "mobile" && sent[field] ? phoneAsWritten(normalizePhone(sent[field])) : sent[field];
    if (value === undefined || same(field, value, shown[SHEET_FIELD[field]])) continue;
    changed.push(field);
    const was = entry[SHEET_FIELD[field]];
    if (same(field, value, was)) delete values[field];
    else values[field] = { value, was };
  }
  const record: OwnDetails = {
    memberId: entry.id,
    account: owner.key,
    email: owner.email,
    name: entry.name,
    sheetEmail: entry.email,
    values,
    updatedAt: at.toISOString(),
  };
  if (changed.length > 0)
    for (const id of new Set([entry.id, memberIdOfEmail(owner.email)]))
      await putOwnDetails(tx, id, { ...record, memberId: id });
  return { changed, entry: withOwnDetails(entry, record) };
}

/** After a confirmed change of address: the changes also kept under the id the entry will take. */
export async function copyOwnDetails(fromId: string, toId: string, db: Db = database()): Promise<void> {
  const own = await ownDetailsOf(fromId, db);
  if (own && fromId !== toId) await putOwnDetails(db, toId, { ...own, memberId: toId });
}

/**
 * Every member's changes made on or after a day (in India), one per account, the newest kept.
 * `dayOf` is India's day: the rows of the day before it in UTC are read too, then checked.
 */
export async function ownDetailsSince(
  since: string,
  dayOf: (instant: Date) => string,
): Promise<OwnDetails[]> {
  const from = new Date(Date.parse(`${since}T00:00:00Z`) - 86_400_000);
  const rows = await database()
    .selectFrom("own_details")
    .selectAll()
    .$if(!Number.isNaN(from.getTime()), (query) => query.where("updated_at", ">=", from))
    .orderBy("updated_at")
    .execute();
  const byAccount = new Map<string, OwnDetails>();
  for (const record of rows.map(detailsOf)) {
    if (dayOf(new Date(record.updatedAt)) < since) continue;
    // One account's change is kept under two ids while the sheet catches up: listed once.
    byAccount.set(record.account || record.email, record);
  }
  return [...byAccount.values()].sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
}
