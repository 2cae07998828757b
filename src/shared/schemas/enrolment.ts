import {
  COUNTRIES,
  DEFAULT_COUNTRY,
  DEFAULT_FORMAT,
  GENDERS,
  INDIAN_STATES,
  JOURNAL_FORMATS,
  LANGUAGES,
  UNION_TERRITORIES,
} from "../enrolment-options.ts";
import {
  COMMON_PASSWORD_MESSAGE,
  dateOfBirthProblem,
  ENROLMENT_FIELDS as F,
  MEMBERSHIP_REQUIRED,
  membershipProblem,
  NO_MEMBERSHIP_NEEDS_ROLE,
  PASSWORDS_DIFFER,
  passwordProblem,
  pinCodeProblem,
} from "../forms/enrolment-fields.ts";
import { PASSWORD_MAX, PASSWORD_MIN } from "../forms/password-rules.ts";
import { LOGIN_FIELDS, RESEND_FIELDS } from "../forms/sign-in-fields.ts";
import { MEMBERSHIP_TYPES, NO_MEMBERSHIP } from "../membership/types.ts";
import { z } from "../zod.ts";
import { checkbox, emailAddress, multiLine, oneLine, phoneNumber, textField } from "./fields.ts";

export { COMMON_PASSWORD_MESSAGE, MEMBERSHIP_REQUIRED, NO_MEMBERSHIP_NEEDS_ROLE, PASSWORD_MAX, PASSWORD_MIN };

/** One value or several (a multi-select posts its name once per chosen option). */
const manyOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.array(z.enum(values))])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.literal(""), z.enum(values)]).default("");

/** A check written once for the page and the server: its problem, if any, is the field's issue. */
const problem = (find: (value: string) => string | null) => (value: string, context: z.RefinementCtx) => {
  const message = find(value);
  if (message) context.addIssue({ code: "custom", message });
};

const STATES = [...INDIAN_STATES, ...UNION_TERRITORIES] as [string, ...string[]];

/**
 * A check across fields runs even when other fields were refused, so the page lists every problem
 * at once. By default zod skips it after any field's aborting issue (a choice not in its list, a
 * value of the wrong type), and a refused no-JS post would show the passwords' or the PIN code's
 * problem only on the second try. This is zod's own test (an issue without `continue` aborts),
 * asked of the fields the check reads only: an issue that lets parsing go on (too short, too
 * common) does not stop it. (Re-parsing those fields, as zod's docs show, would also re-run their
 * own rules: a too-common password would hide "The passwords do not match", which the page's own
 * check, enrolment-fields.ts, shows beside it.)
 */
const whenParsed = (...fields: string[]) => ({
  when: (payload: { issues: readonly { path?: readonly PropertyKey[]; continue?: boolean }[] }) =>
    !payload.issues.some((issue) => issue.continue !== true && fields.includes(String(issue.path?.[0]))),
});

/**
 * The enrolment form (SPEC section 3), checked by the sign-up page's action with the rules and checks the
 * page uses (src/shared/forms/enrolment-fields.ts). The password never leaves the function that
 * hashes it.
 */
export const enrolmentSchema = z
  .strictObject({
    // "" passes here and is refused with the form's other cross-field checks below, so a form
    // with no type chosen still shows every other problem at once.
    membership: z
      .union(
        [
          z.literal(""),
          z.enum([...MEMBERSHIP_TYPES.map((type) => type.value), NO_MEMBERSHIP] as [
            "2",
            "1",
            "3",
            "4",
            "none",
          ]),
        ],
        MEMBERSHIP_REQUIRED,
      )
      .default(""),
    format: z.enum(JOURNAL_FORMATS).default(DEFAULT_FORMAT),
    name: oneLine(F.name),
    designation: oneLine(F.designation),
    dob: textField(F.dob)
      .trim()
      .superRefine(problem((value) => dateOfBirthProblem(value))),
    gender: optionalChoice(GENDERS),
    indianLanguages: manyOf(LANGUAGES),
    address: multiLine(F.address),
    country: z.enum(COUNTRIES, "Choose a country from the list").default(DEFAULT_COUNTRY),
    state: optionalChoice(STATES),
    city: oneLine(F.city),
    pincode: oneLine(F.pincode),
    phone: phoneNumber(F.phone),
    mobile: phoneNumber(F.mobile),
    email: emailAddress(F.email),
    password: textField(F.password).superRefine(problem(passwordProblem)),
    // Missing counts as not matching, so the form shows one message for both cases.
    confirmPassword: z.string().default(""),
    author: checkbox,
    reviewer: checkbox,
    areasOfInterest: multiLine(F.areasOfInterest).default(""),
    agreement: checkbox.refine(Boolean, F.agreement.required),
  })
  .superRefine(
    (form, context) => {
      const membership = membershipProblem(form.membership, form.author, form.reviewer);
      if (membership) context.addIssue({ code: "custom", path: ["membership"], message: membership });
    },
    whenParsed("membership", "author", "reviewer"),
  )
  .superRefine(
    (form, context) => {
      if (form.confirmPassword !== form.password)
        context.addIssue({ code: "custom", path: ["confirmPassword"], message: PASSWORDS_DIFFER });
    },
    whenParsed("password", "confirmPassword"),
  )
  .superRefine(
    (form, context) => {
      const pincode = pinCodeProblem(form.country, form.pincode);
      if (pincode) context.addIssue({ code: "custom", path: ["pincode"], message: pincode });
    },
    whenParsed("country", "pincode"),
  );
export type Enrolment = z.infer<typeof enrolmentSchema>;
export type EnrolmentInput = z.input<typeof enrolmentSchema>;

/** The application as stored and mailed: everything but the password. */
export type Application = Omit<Enrolment, "password" | "confirmPassword">;

export function withoutPassword({
  password: _p,
  confirmPassword: _c,
  ...application
}: Enrolment): Application {
  return application;
}

/** The sign-in form (SPEC section 3), from the rules the page checks with. */
export const loginSchema = z.strictObject({
  email: emailAddress(LOGIN_FIELDS.email),
  // Too long a password is simply not the password: nothing hints at the limit.
  password: textField(LOGIN_FIELDS.password)
    .min(1, LOGIN_FIELDS.password.required)
    .max(LOGIN_FIELDS.password.max, "Wrong e-mail or password"),
});

/** 'Send me a fresh link': the address only (the page's form and the API say which form it is). */
export const resendSchema = z.object({ email: emailAddress(RESEND_FIELDS.email) });
