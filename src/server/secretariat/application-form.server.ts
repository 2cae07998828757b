import {
  claimLinkSchema,
  membershipPaymentSchema,
  paymentSchema,
  REJECT_CONFIRM,
  rejectSchema,
  reopenSchema,
} from "#shared/schemas/secretariat.ts";
import { FLASHES, type FlashCode, withFlash } from "#shared/secretariat-flash.ts";
import {
  type ApplicationForm,
  applicationAction,
  applicationPath,
  isApplicationForm,
} from "#shared/secretariat-paths.ts";
import type { z } from "#shared/zod.ts";
import type { Account } from "../account/accounts.server.ts";
import { siteUrl } from "../env.server.ts";
import type { FormAnswer, FormSpec } from "../forms/form-post.server.ts";
import {
  applicationAccount,
  paymentDateRefusal,
  recordPayment,
  rejectApplication,
  reopenApplication,
} from "./application-actions.server.ts";
import type { SecretariatSession } from "./auth.server.ts";
import { sendClaimLinkToNewAddress } from "./claim-link-action.server.ts";
import { NOT_DUE, REASON_NEEDED, recordMembershipPayment } from "./membership-payment-action.server.ts";
import { anyForm } from "./workspace-forms.server.ts";

const NOT_RECORDED = "The payment was not recorded: please correct the highlighted fields.";
const UNAVAILABLE =
  "Nothing was changed: we could not reach our records just now. Please try again in a minute.";

/** The application a page's address names: an account that is not a workspace account. */
export const findApplication = (key: string | undefined) => applicationAccount(key ?? "");

/**
 * The forms on an application's page, its action's (?do=<form>): 'Payment received' and 'Reject' for an
 * application waiting for its first payment, 'Reopen' for a rejected one, 'Record a payment' for a
 * later one, and 'Send the claim link to a new address' for a register member who has not claimed
 * (decision 0054). Each answers with the page again, its outcome in the flash (?done=), and writes the
 * audit log. A payment's date is refused beside its field after today in India (the schema) or
 * before the application was made (here, where the application is known).
 */
export function applicationForm(
  form: ApplicationForm | string | null,
  account: Account,
  session: SecretariatSession,
): FormSpec<z.ZodType> | null {
  if (!isApplicationForm(form)) return null;
  const back = (code: Parameters<typeof withFlash>[1]) => withFlash(applicationPath(account.key), code);
  // The page comes back with the outcome's line either way, with JavaScript or without.
  const answered = (outcome: FlashCode): FormAnswer =>
    FLASHES[outcome].kind === "error"
      ? { ok: false, status: 409, error: FLASHES[outcome].text, redirect: back(outcome) }
      : { ok: true, redirect: back(outcome) };
  const common = { name: form, page: applicationAction(account.key, form), unavailable: UNAVAILABLE };
  switch (form) {
    case "payment":
      return anyForm({
        ...common,
        schema: paymentSchema,
        maxBytes: 4096,
        invalid: NOT_RECORDED,
        async handle(entry, { request }) {
          const date = paymentDateRefusal(account, entry.date);
          if (date) return { ok: false, status: 400, error: NOT_RECORDED, fields: { date } };
          const outcome = await recordPayment(account, entry, session.who, siteUrl(request));
          return answered(outcome);
        },
      });
    case "record-payment":
      return anyForm({
        ...common,
        schema: membershipPaymentSchema,
        maxBytes: 4096,
        invalid: NOT_RECORDED,
        async handle(entry, { request }) {
          const date = paymentDateRefusal(account, entry.date);
          if (date) return { ok: false, status: 400, error: NOT_RECORDED, fields: { date } };
          const { outcome } = await recordMembershipPayment(account, entry, session.who, siteUrl(request));
          if (outcome === "not-due")
            return { ok: false, status: 400, error: NOT_RECORDED, fields: { reference: NOT_DUE } };
          if (outcome === "reason-needed")
            return { ok: false, status: 400, error: NOT_RECORDED, fields: { lateReason: REASON_NEEDED } };
          return answered(outcome);
        },
      });
    case "reject":
      return anyForm({
        ...common,
        schema: rejectSchema,
        maxBytes: 8192,
        invalid: "The application was not rejected: please give the reason.",
        async handle({ reason, confirm }) {
          // Unconfirmed: asked to confirm, the reason kept as typed, nothing changed.
          if (!confirm)
            return {
              ok: false,
              status: 400,
              error: "The application was not rejected: please confirm.",
              fields: { confirm: REJECT_CONFIRM },
            };
          const outcome = await rejectApplication(account, reason, session.who);
          return answered(outcome);
        },
      });
    case "reopen":
      return anyForm({
        ...common,
        schema: reopenSchema,
        maxBytes: 1024,
        async handle(_press, { request }) {
          const outcome = await reopenApplication(account, session.who, siteUrl(request));
          return answered(outcome);
        },
      });
    case "claim-link":
      return anyForm({
        ...common,
        schema: claimLinkSchema,
        maxBytes: 2048,
        invalid: "No link was sent: please correct the highlighted fields.",
        async handle({ email }, { request }) {
          return answered(await sendClaimLinkToNewAddress(account, email, session.who, siteUrl(request)));
        },
      });
  }
}
