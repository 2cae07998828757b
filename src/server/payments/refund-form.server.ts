import { refundSchema } from "#shared/schemas/secretariat.ts";
import { withFlash } from "#shared/secretariat-flash.ts";
import { PAYMENTS_PATH, refundFormName } from "#shared/secretariat-paths.ts";
import type { z } from "#shared/zod.ts";
import { siteUrl } from "../env.server.ts";
import type { FormSpec } from "../forms/form-post.server.ts";
import type { SecretariatSession } from "../secretariat/auth.server.ts";
import { anyForm } from "../secretariat/workspace-forms.server.ts";
import { refundPayment } from "./refunds.server.ts";

const NOT_REFUNDED = "Nothing was refunded: please correct the highlighted fields.";

/**
 * 'Refund' on a payment of the payments page (?do=refund&payment=<id>): the page again with the
 * outcome at its top, its filters kept; a refusal (a bank reference missing, Razorpay's refusal)
 * beside the form, nothing changed.
 */
export function refundForm(
  action: string | null,
  payment: { id: string },
  session: SecretariatSession,
  url: URL,
): FormSpec<z.ZodType> | null {
  if (action !== "refund") return null;
  const back = new URLSearchParams(url.search);
  for (const name of ["do", "payment", "done"]) back.delete(name);
  const page = back.size > 0 ? `${PAYMENTS_PATH}?${back}` : PAYMENTS_PATH;
  return anyForm({
    name: refundFormName(payment.id),
    schema: refundSchema,
    maxBytes: 4096,
    invalid: NOT_REFUNDED,
    unavailable:
      "Nothing was refunded: we could not reach our records just now. Please try again in a minute.",
    async handle(entry, { request }) {
      const result = await refundPayment(
        { paymentId: payment.id, reason: entry.reason, bankReference: entry.bankReference || undefined },
        session.who,
        siteUrl(request),
      );
      switch (result.outcome) {
        case "refunded":
          return { ok: true, redirect: withFlash(page, "refunded") };
        case "already":
          return { ok: true, redirect: withFlash(page, "refund-already") };
        case "bank-reference-needed":
          return {
            ok: false,
            status: 400,
            error: NOT_REFUNDED,
            fields: {
              bankReference:
                "This payment was not made online: transfer the money back, then give the bank's reference",
            },
          };
        case "no-amount":
          return {
            ok: false,
            status: 409,
            error: "This payment was recorded without an amount, so it cannot be refunded from here.",
          };
        case "failed":
          return { ok: false, status: 502, error: `Nothing was refunded. ${result.message}` };
        default:
          return { ok: false, status: 404, error: "There is no such payment." };
      }
    },
  });
}
