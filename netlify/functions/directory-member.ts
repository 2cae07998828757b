/**
 * One member's full record, for the directory's View More dialog.
 *   GET /api/directory/:id → 200 { id, name, position, university, city, state, address1,
 *   address2, email, mobile } | 404 { error } for an unknown or malformed id (and on an empty sheet).
 * Rate limited per IP, and kept out of the CDN's shared cache (private), so every lookup counts
 * against the limit: contact details are there for one visitor, not for harvesting.
 * Stale copy and 503 as GET /api/directory. Env: as GET /api/directory.
 */
import type { Config, Context } from "@netlify/functions";
import { servedMembers, unavailable } from "../../src/server/directory/directory-service.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { errorJson, json } from "../../src/server/http/responses.server.ts";
import { MEMBER_ID_PATTERN } from "../../src/shared/directory-constants.ts";

const NOT_FOUND = "No member has this id.";

export default endpoint({
  GET: async (_request: Request, context: Context) => {
    const id = context.params.id ?? "";
    if (!MEMBER_ID_PATTERN.test(id)) return errorJson(404, NOT_FOUND);
    try {
      const { data, stale } = await servedMembers();
      const member = data.find((candidate) => candidate.id === id);
      if (!member) return errorJson(404, NOT_FOUND);
      return json(member, 200, {
        "Cache-Control": stale ? "private, max-age=0, must-revalidate" : "private, max-age=300",
        ...(stale ? { "X-Data-Stale": "true" } : {}),
      });
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
