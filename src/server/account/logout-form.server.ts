import { z } from "#shared/zod.ts";
import type { FormSpec } from "../forms/form-post.server.ts";
import { clearedSessionCookie, endSession } from "./sessions.server.ts";

const schema = z.strictObject({});

/**
 * Sign-out (the Sign out buttons, posting to /logout): the session is
 * deleted on the server, so the old cookie is worthless even if kept, and the cookie is cleared.
 */
export const logoutForm: FormSpec<typeof schema> = {
  name: "logout",
  schema,
  maxBytes: 1024,
  unavailable: "You are still signed in: we could not end your session just now. Please try again.",
  async handle(_data, { request }) {
    await endSession(request);
    return {
      ok: true,
      redirect: "/login?status=signed-out",
      headers: { "Set-Cookie": clearedSessionCookie() },
    };
  },
};
