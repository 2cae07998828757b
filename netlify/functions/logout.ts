/**
 * Member sign-out.
 *   POST /api/logout  (no body needed)
 *   JSON → 200 { signedIn: false } | form → 303 to /login?status=signed-out
 *   403 cross-site, 405 (Allow: POST).
 * The session is deleted on the server, so the old cookie is worthless even if kept; the cookie
 * is cleared as well. Env: none.
 */
import type { Config } from "@netlify/functions";
import { seeOther } from "../../src/server/form-body.server.ts";
import { json, methodNotAllowed, NO_STORE } from "../../src/server/http.server.ts";
import { clearedSessionCookie, endSession } from "../../src/server/members/sessions.server.ts";
import { crossSiteRefusal } from "../../src/server/same-origin.server.ts";

export default async (request: Request) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const refusal = crossSiteRefusal(request);
  if (refusal) return refusal;
  await endSession(request);
  const cookie = { "Set-Cookie": clearedSessionCookie() };
  const type = request.headers.get("content-type") ?? "";
  if (type.startsWith("application/x-www-form-urlencoded"))
    return seeOther("/login?status=signed-out", cookie);
  return json({ signedIn: false }, 200, { ...NO_STORE, ...cookie });
};

export const config: Config = { path: "/api/logout" };
