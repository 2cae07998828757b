import type { HideableField } from "#shared/member-privacy.ts";
import type { Member } from "#shared/schemas/directory.ts";
import { members } from "../account/accounts.server.ts";
import { UpstreamUnavailableError } from "../last-good-copy.server.ts";
import { servedMembers } from "./directory-service.server.ts";
import { EmptySheetError } from "./sheet-rows.server.ts";

/**
 * A member's choice to hide contact details from other members, kept beside the accounts as
 * `directory-privacy/<member id>`: the sheet is the secretariat's and is never written. The
 * directory's detail lookup reads it on every request, so a change holds at once.
 */
export type PrivacyChoice = { hidden: HideableField[]; updatedAt: string };

const privacyKey = (memberId: string) => `directory-privacy/${memberId}`;

export async function hiddenFields(memberId: string): Promise<HideableField[]> {
  const choice = (await members().get(privacyKey(memberId), { type: "json" })) as PrivacyChoice | null;
  return choice?.hidden ?? [];
}

export async function saveHiddenFields(memberId: string, hidden: HideableField[], at = new Date()) {
  const choice: PrivacyChoice = { hidden, updatedAt: at.toISOString() };
  await members().setJSON(privacyKey(memberId), choice);
}

/** The contact details another member may see: the hidden ones left out. */
export function visibleContacts(member: Member, hidden: readonly HideableField[]) {
  return {
    ...(hidden.includes("address") ? {} : { address1: member.address1, address2: member.address2 }),
    ...(hidden.includes("email") ? {} : { email: member.email }),
    ...(hidden.includes("mobile") ? {} : { mobile: member.mobile }),
  };
}

/** The directory record of an account: the first whose e-mail is the account's, ignoring case. */
export async function ownDirectoryEntry(email: string): Promise<Member | null> {
  const wanted = email.trim().toLowerCase();
  if (!wanted) return null;
  const data = await servedMembers().then(
    (served) => served.data,
    (error: unknown) => {
      // An empty sheet has no entry for anyone; any other failure is the caller's 503.
      if (error instanceof UpstreamUnavailableError && error.cause instanceof EmptySheetError) return [];
      throw error;
    },
  );
  return data.find((member) => member.email.trim().toLowerCase() === wanted) ?? null;
}
