/**
 * Membership enrolment.
 *   POST /api/enrol  body: JSON or form-urlencoded, the fields of the enrolment form (SPEC
 *        section 3) plus the spam guard's fields; indianLanguages may repeat. Checked with the
 *        form's own schema, and the password also against zxcvbn's list of common passwords.
 *   JSON → 200 { message, applicationId, needsPayment, paymentReference } | 400 { error, fields }
 *          (field name → problem); paymentReference: what to quote with the first payment, or null
 *   form → 303 to /sign-up?status=sent&id=<application id>&reference=<payment reference> (no
 *          reference when nothing is to be paid) | the page again with the errors (no JavaScript)
 *   403 cross-site, 413 body over 32 KB, 415 other content types, 405 (Allow: POST) other methods.
 * The application and its account (password hashed with scrypt) are stored before success is
 * reported, and the applicant is mailed a link to confirm the address; the account signs in, and
 * the secretariat gets the application, only once it is confirmed (/verify-email). An address
 * that already has a confirmed account gets the same answer; its owner is told by e-mail. Spam is
 * quarantined and answered the same.
 * Env: RESEND_API_KEY, MAIL_FROM, SECRETARIAT_EMAIL, RESEND_TIMEOUT_MS, SIGNING_SECRET, URL (links).
 */
import type { Config } from "@netlify/functions";
import { siteUrl } from "../../src/server/env.server.ts";
import { type FormAnswer, formPost } from "../../src/server/forms/form-post.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { enrol, receiptFor, receiptPage } from "../../src/server/membership/enrolment.server.ts";
import { serverEnrolmentSchema } from "../../src/server/membership/known-passwords.server.ts";
import { ENROLLED_MESSAGE } from "../../src/shared/account.ts";
import type { EnrolledAnswer } from "../../src/shared/api/account.ts";
import { withoutPassword } from "../../src/shared/schemas/enrolment.ts";

/** The same answer whether the address is new, already has an account, or the post was spam. */
const received = (receipt: ReturnType<typeof receiptFor>): FormAnswer => ({
  ok: true,
  body: { message: ENROLLED_MESSAGE, ...receipt } satisfies EnrolledAnswer,
  redirect: receiptPage(receipt),
});

export default endpoint({
  POST: formPost({
    action: "/api/enrol",
    page: "/sign-up",
    schema: serverEnrolmentSchema,
    maxBytes: 32 * 1024,
    guard: {
      screen: "token",
      kind: "enrolment",
      keep: withoutPassword,
      disguise: (_id, data) => received(receiptFor(data)),
    },
    secretFields: ["password", "confirmPassword"],
    unavailable:
      "Your application was not sent: we could not store it just now. Please try again in a minute.",
    async handle(data, { request }) {
      return received(await enrol(data, siteUrl(request)));
    },
  }),
});

export const config: Config = {
  path: "/api/enrol",
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
