/**
 * Member sign-out.
 *   POST /api/logout  body: JSON {} or form-urlencoded (no fields)
 *   JSON → 200 { signedIn: false } | form → 303 to /login?status=signed-out
 *   403 cross-site, 415 other content types (a page cannot send those without asking first),
 *   405 (Allow: POST) other methods.
 * The session is deleted on the server, so the old cookie is worthless even if kept; the cookie
 * is cleared as well. Env: none.
 */
import type { Config } from "@netlify/functions";
import { clearedSessionCookie, endSession } from "../../src/server/account/sessions.server.ts";
import { formPost } from "../../src/server/forms/form-post.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import type { SignedOutAnswer } from "../../src/shared/api/account.ts";
import { z } from "../../src/shared/zod.ts";

export default endpoint({
  POST: formPost({
    action: "/api/logout",
    page: "/account",
    schema: z.strictObject({}),
    maxBytes: 1024,
    unavailable: "You are still signed in: we could not end your session just now. Please try again.",
    async handle(_data, { request }) {
      await endSession(request);
      return {
        ok: true,
        body: { signedIn: false } satisfies SignedOutAnswer,
        redirect: "/login?status=signed-out",
        headers: { "Set-Cookie": clearedSessionCookie() },
      };
    },
  }),
});

export const config: Config = { path: "/api/logout" };
