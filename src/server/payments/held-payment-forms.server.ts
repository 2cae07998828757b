import { pressSchema, refundSchema } from "#shared/schemas/secretariat.ts";
import { withFlash } from "#shared/secretariat-flash.ts";
import {
  type HeldPaymentAction,
  heldPaymentFormName,
  isHeldPaymentAction,
  PAYMENTS_PATH,
} from "#shared/secretariat-paths.ts";
import type { z } from "#shared/zod.ts";
import { siteUrl } from "../env.server.ts";
import type { FormAnswer, FormSpec } from "../forms/form-post.server.ts";
import type { SecretariatSession } from "../secretariat/auth.server.ts";
import { anyForm } from "../secretariat/workspace-forms.server.ts";
import { creditHeldPayment, type HeldOutcome, refundHeldPayment } from "./held-payments.server.ts";

const UNAVAILABLE =
  "Nothing was done: we could not reach our records just now. Please try again in a minute.";

/** A press's outcome as the page's answer: done lines at the page's top, refusals beside the form. */
function answerOf(result: HeldOutcome, done: "held-refunded" | "held-credited", nothing: string): FormAnswer {
  switch (result.outcome) {
    case "refunded":
    case "credited":
      return { ok: true, redirect: withFlash(PAYMENTS_PATH, done) };
    case "already":
      return { ok: true, redirect: withFlash(PAYMENTS_PATH, "held-already") };
    case "refused":
      return { ok: false, status: 409, error: `${nothing} ${result.message}` };
    case "failed":
      return { ok: false, status: 502, error: `${nothing} ${result.message}` };
    default:
      return { ok: false, status: 404, error: "There is no such held payment." };
  }
}

/**
 * 'Refund' (with the reason the member is told) or 'Credit' (a press) on one held online payment
 * of the payments page (?do=refund-held|credit-held&held=<id>).
 */
export function heldPaymentForm(
  action: string | null,
  held: { id: string },
  session: SecretariatSession,
): FormSpec<z.ZodType> | null {
  if (!isHeldPaymentAction(action)) return null;
  const name = heldPaymentFormName(action satisfies HeldPaymentAction, held.id);
  if (action === "refund-held")
    return anyForm({
      name,
      schema: refundSchema,
      maxBytes: 4096,
      invalid: "Nothing was refunded: please correct the highlighted fields.",
      unavailable: UNAVAILABLE,
      async handle(entry, { request }) {
        const result = await refundHeldPayment(held.id, entry.reason, session.who, siteUrl(request));
        return answerOf(result, "held-refunded", "Nothing was refunded.");
      },
    });
  return anyForm({
    name,
    schema: pressSchema,
    maxBytes: 1024,
    invalid: "Nothing was credited.",
    unavailable: UNAVAILABLE,
    async handle(_entry, { request }) {
      const result = await creditHeldPayment(held.id, session.who, siteUrl(request));
      return answerOf(result, "held-credited", "Nothing was credited.");
    },
  });
}
