/**
 * Fellows of the society.
 *   GET /api/fellows → 200 [{ serialNumber, fellowNumber, fellowOfTheYear, name, position,
 *   university, address }] in the sheet's order; an empty sheet answers 200 [].
 * Stale copy and 503 + Retry-After as GET /api/directory.
 * Env: GOOGLE_SHEETS_API_KEY + GOOGLE_SHEETS_SPREADSHEET_ID (both, or content/fellows.csv),
 *      GOOGLE_SHEETS_FELLOWS_SPREADSHEET_ID, GOOGLE_SHEETS_FELLOWS_RANGE, GOOGLE_SHEETS_TIMEOUT_MS.
 */
import type { Config } from "@netlify/functions";
import {
  listHeaders,
  servedFellows,
  unavailable,
} from "../../src/server/directory/directory-service.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { json } from "../../src/server/http/responses.server.ts";

export default endpoint({
  GET: async () => {
    try {
      const { data, stale } = await servedFellows();
      return json(data, 200, listHeaders(stale, "fellows"));
    } catch (error) {
      return unavailable(error, "The fellows list is unavailable right now. Please try again shortly.");
    }
  },
});

export const config: Config = { path: "/api/fellows" };
