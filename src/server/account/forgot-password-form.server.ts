import { forgotPasswordSchema } from "#shared/schemas/account-recovery.ts";
import { siteUrl } from "../env.server.ts";
import type { FormAnswer, FormSpec } from "../forms/form-post.server.ts";
import { atLeast, FORGOT_ANSWER_FLOOR_MS, sendResetLink } from "./password-recovery.server.ts";
import { admitRecoveryRequest, recoveryThrottledMessage } from "./recovery-throttle.server.ts";

/**
 * A forgotten password: mails a single-use link to choose a new one (the forgot-password page's
 * action). The answer is the same whether or not the address has an
 * account, and takes at least FORGOT_ANSWER_FLOOR_MS either way; requests are limited per address
 * and per network (recovery-throttle.server.ts, decision 0013).
 */
export const forgotPasswordForm: FormSpec<typeof forgotPasswordSchema> = {
  name: "forgot-password",
  schema: forgotPasswordSchema,
  maxBytes: 4096,
  unavailable: "No link was sent: we could not reach our records just now. Please try again in a minute.",
  handle({ email }, { request, ip }): Promise<FormAnswer> {
    const started = Date.now();
    return atLeast(started, FORGOT_ANSWER_FLOOR_MS, async (): Promise<FormAnswer> => {
      const wait = await admitRecoveryRequest("password-reset", email, ip);
      if (wait > 0)
        return {
          ok: false,
          status: 429,
          error: recoveryThrottledMessage(wait),
          headers: { "Retry-After": String(wait) },
        };
      await sendResetLink(email, siteUrl(request), started);
      return { ok: true, redirect: "/forgot-password?status=sent" };
    });
  },
};
