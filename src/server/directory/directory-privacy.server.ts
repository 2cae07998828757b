import type { HideableField } from "#shared/member-privacy.ts";
import type { Member } from "#shared/schemas/directory.ts";
import { type Db, database, inTransaction } from "../db/database.server.ts";
import { UpstreamUnavailableError } from "../last-good-copy.server.ts";
import { servedMembers } from "./directory-service.server.ts";
import { copyOwnDetails } from "./own-details.server.ts";
import { EmptySheetError, memberIdOfEmail } from "./sheet-rows.server.ts";

/**
 * A member's choice to hide contact details from other members, a row of `directory_privacy` by
 * the entry's member id: the sheet is the secretariat's and is never written. The directory's
 * detail lookup reads it on every request, so a change holds at once.
 */
export async function hiddenFields(memberId: string, db: Db = database()): Promise<HideableField[]> {
  const choice = await db
    .selectFrom("directory_privacy")
    .select("hidden")
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  return (choice?.hidden ?? []) as HideableField[];
}

export async function saveHiddenFields(
  memberId: string,
  hidden: HideableField[],
  at = new Date(),
  db: Db = database(),
) {
  await db
    .insertInto("directory_privacy")
    .values({ member_id: memberId, hidden, updated_at: at })
    .onConflict((conflict) => conflict.column("member_id").doUpdateSet({ hidden, updated_at: at }))
    .execute();
}

/** The contact details another member may see: the hidden ones left out. */
export function visibleContacts(member: Member, hidden: readonly HideableField[]) {
  return {
    ...(hidden.includes("address") ? {} : { address1: member.address1, address2: member.address2 }),
    ...(hidden.includes("email") ? {} : { email: member.email }),
    ...(hidden.includes("mobile") ? {} : { mobile: member.mobile }),
  };
}

/** Whose directory entry: an account's address, and the address its entry carries if that differs. */
export type DirectoryOwner = { email: string; directoryEmail?: string | undefined };

/**
 * The directory record of an account: the first whose e-mail is the one the entry was matched by
 * before the account's address changed (the sheet keeps it until the secretariat updates it), else
 * the account's own, ignoring case.
 */
export async function ownDirectoryEntry(owner: DirectoryOwner): Promise<Member | null> {
  const wanted = [owner.directoryEmail, owner.email]
    .map((email) => (email ?? "").trim().toLowerCase())
    .filter(Boolean);
  if (wanted.length === 0) return null;
  const data = await servedMembers().then(
    (served) => served.data,
    (error: unknown) => {
      // An empty sheet has no entry for anyone; any other failure is the caller's 503.
      if (error instanceof UpstreamUnavailableError && error.cause instanceof EmptySheetError) return [];
      throw error;
    },
  );
  for (const email of wanted) {
    const found = data.find((member) => member.email.trim().toLowerCase() === email);
    if (found) return found;
  }
  return null;
}

/**
 * The member's choice, saved under the entry's id and, while the sheet still carries another
 * address than the account's, under the id the entry will have once it carries the account's: the
 * choice holds however the secretariat's update of the sheet falls.
 */
export async function saveOwnHiddenFields(
  owner: DirectoryOwner,
  entry: Member,
  hidden: HideableField[],
  at = new Date(),
): Promise<void> {
  const ids = new Set([entry.id, memberIdOfEmail(owner.email)]);
  await inTransaction(async (tx) => {
    for (const id of ids) await saveHiddenFields(id, hidden, at, tx);
  });
}

/**
 * After a confirmed change of address: the entry found under the old address (or none; "unknown"
 * when the directory cannot be read), its hidden details copied to the id the entry will have under
 * the new one.
 */
export async function followAddressChange(
  before: DirectoryOwner,
  after: DirectoryOwner,
  at = new Date(),
): Promise<Member | null | "unknown"> {
  let entry: Member | null;
  try {
    entry = await ownDirectoryEntry(before);
  } catch (error) {
    if (error instanceof UpstreamUnavailableError) return "unknown";
    throw error;
  }
  if (!entry) return null;
  const found = entry;
  const toId = memberIdOfEmail(after.email);
  await inTransaction(async (tx) => {
    const choice = await tx
      .selectFrom("directory_privacy")
      .select("hidden")
      .where("member_id", "=", found.id)
      .executeTakeFirst();
    if (choice && found.id !== toId) await saveHiddenFields(toId, choice.hidden as HideableField[], at, tx);
    await copyOwnDetails(found.id, toId, tx);
  });
  return entry;
}
