/**
 * Any /api path no other function serves, /api itself included.
 *   * /api, /api/, /api/<anything else> → 404 { error }, as JSON (never the site's HTML 404 page),
 *     with the API's security headers, whatever the method.
 * Env: none.
 */
import type { Config } from "@netlify/functions";
import { errorJson } from "../../src/server/http/responses.server.ts";

export default async () => errorJson(404, "No such API endpoint");

export const config: Config = { path: ["/api", "/api/", "/api/*"] };
