import { phoneAsWritten } from "#shared/forms/field-rules.ts";
import { OWN_DETAIL_FIELDS, type OwnDetailField } from "#shared/forms/own-data-fields.ts";
import type { Member } from "#shared/schemas/directory.ts";
import { normalizePhone } from "#shared/schemas/fields.ts";
import { members } from "../account/accounts.server.ts";
import type { DirectoryOwner } from "./directory-privacy.server.ts";
import { memberIdOfEmail } from "./sheet-rows.server.ts";

/**
 * A member's own changes to their directory entry (position, institution, address, mobile),
 * kept beside the accounts as `own-details/<member id>`: the sheet is the secretariat's and the site
 * never writes it. Each changed field keeps the sheet's value it replaced (`was`), so a change shows
 * to other members until the secretariat updates the sheet from the export of changes, and then
 * the sheet is the record again (a later edit of the sheet is never hidden by an old change).
 */
export type OwnDetails = {
  memberId: string;
  /** The account that made the change, and its address then. */
  account: string;
  email: string;
  /** The entry's name and address in the sheet at the time: how the export names the row to change. */
  name: string;
  sheetEmail: string;
  values: Partial<Record<OwnDetailField, { value: string; was: string }>>;
  updatedAt: string;
};

const key = (memberId: string) => `own-details/${memberId}`;
const PREFIX = "own-details/";

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

export async function ownDetailsOf(memberId: string): Promise<OwnDetails | null> {
  return (await members().get(key(memberId), { type: "json" })) as OwnDetails | null;
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
 * under the id the entry takes once it carries the account's (as the hide choices are).
 */
export async function saveOwnDetails(
  owner: DirectoryOwner & { key: string },
  entry: Member,
  sent: Partial<Record<OwnDetailField, string | undefined>>,
  at = new Date(),
): Promise<SavedDetails> {
  const before = await ownDetailsOf(entry.id);
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
      await members().setJSON(key(id), { ...record, memberId: id });
  return { changed, entry: withOwnDetails(entry, record) };
}

/** After a confirmed change of address: the changes also kept under the id the entry will take. */
export async function copyOwnDetails(fromId: string, toId: string): Promise<void> {
  const own = await ownDetailsOf(fromId);
  if (own && fromId !== toId) await members().setJSON(key(toId), { ...own, memberId: toId });
}

/** Every member's changes made on or after a day (in India), one per account, the newest kept. */
export async function ownDetailsSince(
  since: string,
  dayOf: (instant: Date) => string,
): Promise<OwnDetails[]> {
  const store = members();
  const keys: string[] = [];
  for await (const page of store.list({ prefix: PREFIX, paginate: true }))
    keys.push(...page.blobs.map((blob) => blob.key));
  const records = await Promise.all(
    keys.map((k) => store.get(k, { type: "json" }) as Promise<OwnDetails | null>),
  );
  const byAccount = new Map<string, OwnDetails>();
  for (const record of records) {
    if (!record || dayOf(new Date(record.updatedAt)) < since) continue;
    const kept = byAccount.get(record.account);
    if (!kept || kept.updatedAt < record.updatedAt) byAccount.set(record.account, record);
  }
  return [...byAccount.values()].sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
}
