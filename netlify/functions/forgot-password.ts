/**
 * A forgotten password: mails a single-use link to choose a new one.
 *   POST /api/forgot-password  body: JSON or form-urlencoded { email }
 *   JSON → 200 { message } | 400 { error, fields } | 429 { error } with Retry-After
 *   form → 303 /forgot-password?status=sent | the page again with the address kept and the error
 *   403 cross-site, 413, 415, 405 (Allow: POST).
 * The answer is the same whether or not the address has an account, and takes at least
 * FORGOT_ANSWER_FLOOR_MS either way. Requests are limited per address and per network
 * (recovery-throttle.server.ts). See docs/decisions/0013.
 * Env: SIGNING_SECRET, URL, and the mail settings (RESEND_API_KEY, MAIL_FROM).
 */
import type { Config } from "@netlify/functions";
import {
  atLeast,
  FORGOT_ANSWER_FLOOR_MS,
  sendResetLink,
} from "../../src/server/account/password-recovery.server.ts";
import {
  recordRecoveryRequest,
  recoveryThrottledMessage,
  recoveryWaitSeconds,
} from "../../src/server/account/recovery-throttle.server.ts";
import { siteUrl } from "../../src/server/env.server.ts";
import { type FormAnswer, formPost } from "../../src/server/forms/form-post.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { RESET_SENT } from "../../src/shared/account-recovery.ts";
import { forgotPasswordSchema } from "../../src/shared/schemas/account-recovery.ts";

export default endpoint({
  POST: formPost({
    action: "/api/forgot-password",
    page: "/forgot-password",
    schema: forgotPasswordSchema,
    maxBytes: 4096,
    unavailable: "No link was sent: we could not reach our records just now. Please try again in a minute.",
    handle({ email }, { request, context }): Promise<FormAnswer> {
      const started = Date.now();
      return atLeast(started, FORGOT_ANSWER_FLOOR_MS, async (): Promise<FormAnswer> => {
        const ip = context.ip || "unknown";
        const wait = await recoveryWaitSeconds("password-reset", email, ip);
        if (wait > 0)
          return {
            ok: false,
            status: 429,
            error: recoveryThrottledMessage(wait),
            headers: { "Retry-After": String(wait) },
          };
        await recordRecoveryRequest("password-reset", email, ip);
        await sendResetLink(email, siteUrl(request), started);
        return { ok: true, body: { message: RESET_SENT }, redirect: "/forgot-password?status=sent" };
      });
    },
  }),
});

export const config: Config = {
  path: "/api/forgot-password",
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
