/**
 * One member's details, for the directory's View More dialog.
 *   GET /api/directory/:id → 200 { id, name, position, university, city, state, contacts, … }
 *     contacts "shown": with address1, address2, email, mobile (a detail the member chose to hide
 *       is left out), and the member's own changes to their details over the sheet's (POST
 *       /api/account/details) — to a signed-in member whose membership is active, or to anyone
 *       when DIRECTORY_CONTACTS_PUBLIC=true;
 *     contacts "sign-in": a visitor, public fields only; "members-only": a signed-in account whose
 *       membership is not active, public fields only.
 *   404 { error } for an unknown or malformed id (and on an empty sheet).
 * Members only: Cache-Control private, no-store and Vary: Cookie, as the answer depends on the
 * session. Public: private, max-age=300 as before. Rate limited per IP in both cases, so contact
 * details cannot be harvested one View More at a time (docs/decisions/0015).
 * Stale copy and 503 as GET /api/directory.
 * Env: DIRECTORY_CONTACTS_PUBLIC, and those of GET /api/directory.
 */
import type { Config, Context } from "@netlify/functions";
import { currentAccount } from "../../src/server/account/sessions.server.ts";
import { hiddenFields, visibleContacts } from "../../src/server/directory/directory-privacy.server.ts";
import { servedMembers, unavailable } from "../../src/server/directory/directory-service.server.ts";
import { entryWithOwnDetails } from "../../src/server/directory/own-details.server.ts";
import { readEnv } from "../../src/server/env.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { errorJson, json } from "../../src/server/http/responses.server.ts";
import { hasActiveMembership } from "../../src/server/membership/membership-access.server.ts";
import type { MemberDetails } from "../../src/shared/api/directory.ts";
import { MEMBER_ID_PATTERN } from "../../src/shared/directory-constants.ts";
import { toPublicMember } from "../../src/shared/schemas/directory.ts";

const NOT_FOUND = "No member has this id.";
const BY_SESSION = { "Cache-Control": "private, no-store", Vary: "Cookie" };

/** Who may see contact details: everyone (the setting), an active member, or no one here. */
async function contactAccess(request: Request): Promise<MemberDetails["contacts"]> {
  if (readEnv().DIRECTORY_CONTACTS_PUBLIC) return "shown";
  const account = await currentAccount(request);
  if (!account) return "sign-in";
  return hasActiveMembership(account) ? "shown" : "members-only";
}

export default endpoint({
  GET: async (request: Request, context: Context) => {
    const id = context.params.id ?? "";
    if (!MEMBER_ID_PATTERN.test(id)) return errorJson(404, NOT_FOUND);
    const contactsPublic = readEnv().DIRECTORY_CONTACTS_PUBLIC;
    try {
      const { data, stale } = await servedMembers();
      const member = data.find((candidate) => candidate.id === id);
      if (!member) return errorJson(404, NOT_FOUND);
      const contacts = await contactAccess(request);
      // Those who see contact details see the member's own changes too, at once (less what is hidden).
      const shown = contacts === "shown" ? await entryWithOwnDetails(member) : member;
      const details: MemberDetails =
        contacts === "shown"
          ? {
              ...toPublicMember(shown),
              contacts,
              ...visibleContacts(shown, await hiddenFields(member.id)),
            }
          : { ...toPublicMember(member), contacts };
      const caching = contactsPublic
        ? { "Cache-Control": stale ? "private, max-age=0, must-revalidate" : "private, max-age=300" }
        : BY_SESSION;
      return json(details, 200, { ...caching, ...(stale ? { "X-Data-Stale": "true" } : {}) });
    } catch (error) {
      const message = "The directory is unavailable right now. Please try again shortly.";
      return unavailable(error, message, () => errorJson(404, NOT_FOUND));
    }
  },
});

export const config: Config = {
  path: "/api/directory/:id",
  // An array: a string aggregateBy is silently turned into ['domain'] (STACK-NOTES section 4).
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
