import { NOT_SIGNED_IN } from "#shared/member-privacy.ts";
import { loginReturningTo } from "#shared/return-path.ts";
import type { FormAnswer } from "../forms/form-post.server.ts";

/** A signed-in member's form posted without a session: sign in, then come back to the page. */
export const signInFirst = (page: string): FormAnswer => ({
  ok: false,
  status: 401,
  error: NOT_SIGNED_IN,
  redirect: loginReturningTo(page),
});

/** Whether a GET is a browser opening a page (a link followed), not a script asking for JSON. */
export const wantsPage = (request: Request) => (request.headers.get("accept") ?? "").includes("text/html");
