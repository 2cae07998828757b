import type { MemberDetails } from "#shared/api/directory.ts";
import { MEMBER_ID_PATTERN } from "#shared/directory-constants.ts";
import { toPublicMember } from "#shared/schemas/directory.ts";
import { currentAccount } from "../account/sessions.server.ts";
import { readEnv } from "../env.server.ts";
import { hasActiveMembership } from "../membership/membership-access.server.ts";
import { hiddenFields, visibleContacts } from "./directory-privacy.server.ts";
import { servedMembers } from "./directory-service.server.ts";
import { entryWithOwnDetails } from "./own-details.server.ts";

/** Who may see contact details: everyone (the setting), an active member, or no one here. */
async function contactAccess(request: Request): Promise<MemberDetails["contacts"]> {
  if (readEnv().DIRECTORY_CONTACTS_PUBLIC) return "shown";
  const account = await currentAccount(request);
  if (!account) return "sign-in";
  return hasActiveMembership(account) ? "shown" : "members-only";
}

/**
 * One member's details as the person asking may see them (decision 0015): contact details, less
 * what the member hid and with the member's own changes, for a signed-in active member (or anyone,
 * with DIRECTORY_CONTACTS_PUBLIC); the public fields for anyone else. Null: no member has this id.
 * What View More shows, in the dialog (GET /api/directory/:id) or as a page without JavaScript
 * (/directory/member/:id). Throws when the directory cannot be read.
 */
export async function memberDetails(
  request: Request,
  id: string,
): Promise<{ details: MemberDetails; stale: boolean } | null> {
  if (!MEMBER_ID_PATTERN.test(id)) return null;
  const { data, stale } = await servedMembers();
  const member = data.find((candidate) => candidate.id === id);
  if (!member) return null;
  const contacts = await contactAccess(request);
  if (contacts !== "shown") return { details: { ...toPublicMember(member), contacts }, stale };
  // Those who see contact details see the member's own changes too, at once (less what is hidden).
  const shown = await entryWithOwnDetails(member);
  return {
    details: { ...toPublicMember(shown), contacts, ...visibleContacts(shown, await hiddenFields(member.id)) },
    stale,
  };
}
