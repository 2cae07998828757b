/**
 * Any /api/* path no other function serves.
 *   * /api/<anything else> → 404 { error }, as JSON (never the site's HTML 404 page)
 * Env: none.
 */
import type { Config } from "@netlify/functions";
import { errorJson } from "../../src/server/http.server.ts";

export default async () => errorJson(404, "No such API endpoint");

export const config: Config = { path: "/api/*" };
