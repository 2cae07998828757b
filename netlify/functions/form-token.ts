/**
 * Form token for a script that posts to a form's JSON endpoint (/api/contact, /api/enrol…);
 * the pages render their own, from their loader.
 *   GET /api/form-token → 200 { token }, never cached: the token carries the time it was issued.
 * Env: SIGNING_SECRET.
 */
import type { Config } from "@netlify/functions";
import { signingSecret } from "../../src/server/env.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { json, NO_STORE } from "../../src/server/http/responses.server.ts";
import { issueFormToken } from "../../src/server/spam/form-guard.server.ts";

export default endpoint({
  GET: async () => {
    return json({ token: await issueFormToken(signingSecret()) }, 200, NO_STORE);
  },
});

export const config: Config = { path: "/api/form-token" };
