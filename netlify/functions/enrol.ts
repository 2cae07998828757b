/**
 * Membership enrolment.
 *   POST /api/enrol  body: JSON or form-urlencoded, the fields of the enrolment form (SPEC
 *        section 3) plus the spam guard's fields; indianLanguages may repeat. Checked with the
 *        form's own schema, and the password also against zxcvbn's list of common passwords.
 *   JSON → 200 { message, applicationId, needsPayment } | 400 { error, fields } (field name → problem)
 *   form → 303 to /sign-up?status=sent&id=<application id> | /sign-up?status=invalid (no JavaScript)
 *   403 cross-site, 413 body over 32 KB, 415 other content types, 405 (Allow: POST) other methods.
 * The application and its account (password hashed with scrypt) are stored before success is
 * reported, and the applicant is mailed a link to confirm the address; the account signs in, and
 * the secretariat gets the application, only once it is confirmed (/verify-email). An address
 * that already has a confirmed account gets the same answer; its owner is told by e-mail. Spam is
 * quarantined and answered the same.
 * Env: RESEND_API_KEY, MAIL_FROM, SECRETARIAT_EMAIL, RESEND_TIMEOUT_MS, SIGNING_SECRET, URL (links).
 */
import type { Config } from "@netlify/functions";
import { signingSecret, siteUrl } from "../../src/server/env.server.ts";
import { readFormBody } from "../../src/server/http/form-body.server.ts";
import {
  errorJson,
  json,
  methodNotAllowed,
  NO_STORE,
  seeOther,
} from "../../src/server/http/responses.server.ts";
import { crossSiteRefusal } from "../../src/server/http/same-origin.server.ts";
import { enrol, receiptFor, receiptPage } from "../../src/server/members/enrolment.server.ts";
import { serverEnrolmentSchema } from "../../src/server/members/known-passwords.server.ts";
import { screenSubmission } from "../../src/server/spam/form-guard.server.ts";
import { quarantineSubmission } from "../../src/server/submissions.server.ts";
import { ENROLLED_MESSAGE } from "../../src/shared/members.ts";
import { withoutPassword } from "../../src/shared/schemas/enrolment.ts";
import { fieldErrors } from "../../src/shared/schemas/fields.ts";

const MAX_BODY_BYTES = 32 * 1024;

export default async (request: Request) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const refusal = crossSiteRefusal(request);
  if (refusal) return refusal;
  const body = await readFormBody(request, MAX_BODY_BYTES);
  if (body instanceof Response) return body;

  const { fields, suspicion } = await screenSubmission(body.input, signingSecret());
  const parsed = serverEnrolmentSchema.safeParse(fields);
  if (!parsed.success) {
    if (body.isForm) return seeOther("/sign-up?status=invalid");
    return errorJson(400, "Please correct the highlighted fields.", {}, fieldErrors(parsed.error));
  }
  let receipt = receiptFor(parsed.data);
  if (suspicion) await quarantineSubmission("enrolment", withoutPassword(parsed.data), suspicion);
  else receipt = await enrol(parsed.data, siteUrl(request));
  // The same answer whether the address is new, already has an account, or the post was spam.
  if (body.isForm) return seeOther(receiptPage(receipt));
  return json({ message: ENROLLED_MESSAGE, ...receipt }, 200, NO_STORE);
};

export const config: Config = {
  path: "/api/enrol",
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
