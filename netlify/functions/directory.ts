/**
 * Member directory list.
 *   GET /api/directory → 200 [{ id, name, position, university, city, state }] in name order:
 *   public fields only, never e-mail, mobile or address (those come from /api/directory/:id).
 * An empty sheet answers 200 []. When the source fails, times out, or answers something empty
 * or malformed, the last good copy is served (X-Data-Stale: true); with none, 503 + Retry-After
 * and { error } holding Sheets' own message when it gave one.
 * Env: GOOGLE_SHEETS_API_KEY + GOOGLE_SHEETS_SPREADSHEET_ID (both, or content/directory.csv),
 *      GOOGLE_SHEETS_DIRECTORY_RANGE, GOOGLE_SHEETS_TIMEOUT_MS.
 */
import type { Config } from "@netlify/functions";
import {
  listHeaders,
  servedMembers,
  unavailable,
} from "../../src/server/directory/directory-service.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { json } from "../../src/server/http/responses.server.ts";
import { toPublicMember } from "../../src/shared/schemas/directory.ts";

export default endpoint({
  GET: async () => {
    try {
      const { data, stale } = await servedMembers();
      return json(data.map(toPublicMember), 200, listHeaders(stale, "directory"));
    } catch (error) {
      return unavailable(error, "The directory is unavailable right now. Please try again shortly.");
    }
  },
});

export const config: Config = { path: "/api/directory" };
