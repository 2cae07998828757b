import { passwordLinkSchema } from "#shared/schemas/secretariat.ts";
import { withFlash } from "#shared/secretariat-flash.ts";
import { SIGN_IN_PATH } from "#shared/secretariat-paths.ts";
import { siteUrl } from "../env.server.ts";
import type { FormSpec } from "../forms/form-post.server.ts";
import { requestPasswordLink } from "./password-link.server.ts";

/**
 * 'E-mail me a link' on /secretariat/sign-in: the same
 * answer for every address; only a listed one is mailed its set-your-password link
 * (password-link.server.ts).
 */
export const passwordLinkForm: FormSpec<typeof passwordLinkSchema> = {
  name: "password-link",
  schema: passwordLinkSchema,
  maxBytes: 2048,
  unavailable: "No link was sent: we could not reach our records just now. Please try again in a minute.",
  async handle({ email }, { request }) {
    await requestPasswordLink(email, siteUrl(request));
    return {
      ok: true,
      redirect: withFlash(SIGN_IN_PATH, "link-sent"),
    };
  },
};
