/**
 * One member's details, for the directory's View More dialog.
 *   GET /api/directory/:id → 200 { id, name, position, university, city, state, contacts, … }
 *     contacts "shown": with address1, address2, email, mobile (a detail the member chose to hide
 *       is left out), and the member's own changes to their details over the sheet's ('My details' on
 *       /account/directory-entry) — to a signed-in member whose membership is active, or to anyone
 *       when DIRECTORY_CONTACTS_PUBLIC=true;
 *     contacts "sign-in": a visitor, public fields only; "members-only": a signed-in account whose
 *       membership is not active, public fields only.
 *   404 { error } for an unknown or malformed id (and on an empty sheet).
 * The same details are the page /directory/member/:id without JavaScript
 * (src/server/directory/member-details.server.ts). Members only: Cache-Control private, no-store
 * and Vary: Cookie, as the answer depends on the session. Public: private, max-age=300 as before. Rate limited per IP in both cases, so contact
 * details cannot be harvested one View More at a time (docs/decisions/0015).
 * Stale copy and 503 as GET /api/directory.
 * Env: DIRECTORY_CONTACTS_PUBLIC, and those of GET /api/directory.
 */
import type { Config, Context } from "@netlify/functions";
import { unavailable } from "../../src/server/directory/directory-service.server.ts";
import { memberDetails } from "../../src/server/directory/member-details.server.ts";
import { readEnv } from "../../src/server/env.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { errorJson, json } from "../../src/server/http/responses.server.ts";

const NOT_FOUND = "No member has this id.";
const BY_SESSION = { "Cache-Control": "private, no-store", Vary: "Cookie" };

export default endpoint(
  {
    GET: async (request: Request, context: Context) => {
      try {
        const found = await memberDetails(request, context.params.id ?? "");
        if (!found) return errorJson(404, NOT_FOUND);
        const { details, stale } = found;
        const caching = readEnv().DIRECTORY_CONTACTS_PUBLIC
          ? { "Cache-Control": stale ? "private, max-age=0, must-revalidate" : "private, max-age=300" }
          : BY_SESSION;
        return json(details, 200, { ...caching, ...(stale ? { "X-Data-Stale": "true" } : {}) });
      } catch (error) {
        const message = "The directory is unavailable right now. Please try again shortly.";
        return unavailable(error, message, () => errorJson(404, NOT_FOUND));
      }
    },
  },
  { content: true },
);

export const config: Config = {
  path: "/api/directory/:id",
  // An array: a string aggregateBy is silently turned into ['domain'] (STACK-NOTES section 4).
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
