import { VERIFY_OUTCOMES } from "#shared/account.ts";
import { resendSchema } from "#shared/schemas/enrolment.ts";
import { z } from "#shared/zod.ts";
import { siteUrl } from "../env.server.ts";
import type { FormSpec } from "../forms/form-post.server.ts";
import { confirmEmail, resendVerification } from "./email-verification.server.ts";

const HTTP_STATUS = { invalid: 400, used: 400, expired: 410 } as const;

const confirmSchema = z.object({ token: z.string().max(2048).optional() });

/**
 * The button of the page the confirmation link in an enrolment e-mail opens: only this post
 * confirms, so a mail scanner that follows the link confirms nothing. The link's token is in the
 * page's address (the form posts to it) or in the body.
 */
export const confirmEmailForm: FormSpec<typeof confirmSchema> = {
  name: "confirm-email",
  schema: confirmSchema,
  maxBytes: 4096,
  unavailable:
    "Nothing was confirmed: we could not reach our records just now. Please try again in a minute.",
  async handle({ token }, { request }) {
    const outcome = await confirmEmail(
      token ?? new URL(request.url).searchParams.get("token"),
      siteUrl(request),
    );
    const redirect = `/verify-email?status=${outcome}`;
    if (outcome === "confirmed")
      return {
        ok: true,
        redirect,
      };
    return {
      ok: false,
      status: HTTP_STATUS[outcome],
      error: VERIFY_OUTCOMES[outcome],
      redirect,
    };
  },
};

/**
 * 'Send me a fresh link' for an address not confirmed yet: the same answer whether or not the
 * address has an account waiting; a link goes only to such an address, at most once a minute.
 */
export const resendLinkForm: FormSpec<typeof resendSchema> = {
  name: "resend-link",
  schema: resendSchema,
  maxBytes: 4096,
  invalid: "",
  unavailable: "No link was sent: we could not reach our records just now. Please try again in a minute.",
  async handle({ email }, { request }) {
    await resendVerification(email, siteUrl(request));
    return { ok: true, redirect: "/verify-email?status=sent" };
  },
};
