import { ALREADY_A_MEMBER } from "#shared/account-claim.ts";
import { ENROLMENT_FIELDS } from "#shared/forms/enrolment-fields.ts";
import { withoutPassword } from "#shared/schemas/enrolment.ts";
import { findAccount } from "../account/accounts.server.ts";
import { siteUrl } from "../env.server.ts";
import { bodyLimitFor, type FormAnswer, type FormSpec } from "../forms/form-post.server.ts";
import { type EnrolmentReceipt, enrol, receiptFor } from "./enrolment.server.ts";
import { serverEnrolmentSchema } from "./known-passwords.server.ts";
import { isRegisterMember } from "./register-match.server.ts";

/**
 * Where the applicant is shown what was received and what to do next (the id and the reference
 * are not secret to their sender): the id, and the payment reference to quote when there is a fee.
 */
export const receiptPage = ({ applicationId, paymentReference }: EnrolmentReceipt, membership: string) =>
  `/sign-up?${new URLSearchParams({
    status: "sent",
    id: applicationId,
    type: membership,
    ...(paymentReference && { reference: paymentReference }),
  })}`;

/** The same answer whether the address is new, already has an account, or the post was spam. */
const received = (receipt: EnrolmentReceipt, membership: string): FormAnswer => ({
  ok: true,
  redirect: receiptPage(receipt, membership),
});

/**
 * Membership enrolment (the sign-up page's action): the application and its
 * account (password hashed with scrypt) are stored before success is reported, and the applicant
 * is mailed a link to confirm the address; the account signs in, and the secretariat gets the
 * application, only once it is confirmed. An address that already has a confirmed account gets
 * the same answer; its owner is told by e-mail. Spam is quarantined and answered the same.
 */
export const enrolmentForm: FormSpec<typeof serverEnrolmentSchema> = {
  name: "enrolment",
  schema: serverEnrolmentSchema,
  // Room for the lists too: every language of the form ticked is about 4 KB.
  maxBytes: bodyLimitFor(ENROLMENT_FIELDS, 8192),
  guard: {
    screen: "token",
    kind: "enrolment",
    keep: withoutPassword,
    disguise: (_id, data) => received(receiptFor(data), data.membership),
  },
  secretFields: ["password", "confirmPassword"],
  unavailable: "Your application was not sent: we could not store it just now. Please try again in a minute.",
  async handle(data, { request }) {
    // A register member by name and date of birth, applying from another address: told at once
    // (membership is public; the register's address is not shown), and nothing is made. The same
    // address as the register's is answered as usual and mailed instead (enrol, decision 0054).
    if (!(await findAccount(data.email)) && (await isRegisterMember(data.name, data.dob)))
      return { ok: false, status: 409, error: ALREADY_A_MEMBER };
    return received(await enrol(data, siteUrl(request)), data.membership);
  },
};
