import { CLAIM_PAGE } from "#shared/account-claim.ts";
import { claimSchema } from "#shared/schemas/account-claim.ts";
import { siteUrl } from "../env.server.ts";
import type { FormAnswer, FormSpec } from "../forms/form-post.server.ts";
import { findClaimTarget, sendClaimLink } from "./account-claim.server.ts";
import { atLeast, FORGOT_ANSWER_FLOOR_MS, mailBudgetWithin } from "./password-recovery.server.ts";
import { admitRecoveryRequest, recoveryThrottledMessage } from "./recovery-throttle.server.ts";

/**
 * "Get your website account" (the claim page's action, decision 0054): a register member who may
 * still claim is mailed a link at the register's address, whatever address the form would rather
 * name; the answer is the same whether or not the register knows the address (or the number), and
 * takes the forgot-password page's floor of time either way. Requests are counted per address and
 * per network as the recovery links are.
 */
export const claimAccountForm: FormSpec<typeof claimSchema> = {
  name: "claim-account",
  schema: claimSchema,
  maxBytes: 4096,
  unavailable: "No link was sent: we could not reach our records just now. Please try again in a minute.",
  handle({ email, memberNo }, { request, ip }): Promise<FormAnswer> {
    const started = Date.now();
    return atLeast(started, FORGOT_ANSWER_FLOOR_MS, async (): Promise<FormAnswer> => {
      const wait = await admitRecoveryRequest("claim", email, ip);
      if (wait > 0)
        return {
          ok: false,
          status: 429,
          error: recoveryThrottledMessage(wait),
          headers: { "Retry-After": String(wait) },
        };
      const target = await findClaimTarget(email, memberNo);
      if (target) await sendClaimLink(target, siteUrl(request), mailBudgetWithin(started));
      return { ok: true, redirect: `${CLAIM_PAGE}?status=sent` };
    });
  },
};
