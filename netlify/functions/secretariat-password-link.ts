/**
 * A secretariat address asks for its set-your-password link (first sign-in, or a forgotten
 * password), from /secretariat/sign-in.
 *   POST /api/secretariat/password-link  body: JSON or form-urlencoded { email }
 *   → 200 { message } | form: 303 to /secretariat/sign-in?done=link-sent — the same answer for
 *     every address. Only an address listed in SECRETARIAT_ACCOUNTS (or, off a deploy, the demo
 *     address) is mailed: a single-use `set-password` account link (account-links.server.ts), at
 *     most one every 10 minutes per address; its account is made, or given the role, on the way.
 *   400 malformed address (form: the page again with the error), 403 cross-site, 413, 415, 405.
 * Env: SECRETARIAT_ACCOUNTS, SIGNING_SECRET, URL, and the mail settings.
 */
import type { Config } from "@netlify/functions";
import { siteUrl } from "../../src/server/env.server.ts";
import { formPost } from "../../src/server/forms/form-post.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { FLASHES, withFlash } from "../../src/server/secretariat/flash.server.ts";
import { requestPasswordLink } from "../../src/server/secretariat/password-link.server.ts";
import {
  PASSWORD_LINK_ACTION,
  SIGN_IN_PAGE,
  signInPage,
} from "../../src/server/secretariat/sign-in-page.server.ts";
import { passwordLinkSchema } from "../../src/shared/schemas/secretariat.ts";

export default endpoint({
  POST: formPost({
    action: PASSWORD_LINK_ACTION,
    page: SIGN_IN_PAGE,
    schema: passwordLinkSchema,
    maxBytes: 2048,
    unavailable: "No link was sent: we could not reach our records just now. Please try again in a minute.",
    renderPage: (request) => signInPage(new URL(SIGN_IN_PAGE, request.url)).text(),
    async handle({ email }, { request }) {
      await requestPasswordLink(email, siteUrl(request));
      return {
        ok: true,
        body: { message: FLASHES["link-sent"].text },
        redirect: withFlash(SIGN_IN_PAGE, "link-sent"),
      };
    },
  }),
});

export const config: Config = {
  path: "/api/secretariat/password-link",
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
