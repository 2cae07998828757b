import { isCommonPassword } from "../common-passwords.ts";
import { NO_MEMBERSHIP } from "../membership/types.ts";
import { PASSWORD_HINT, PASSWORDS_DIFFER } from "./account-recovery-fields.ts";
import {
  EMAIL_INVALID,
  EMAIL_MAX,
  type FieldErrors,
  type FieldRules,
  isPhoneNumber,
  PHONE_INVALID,
} from "./field-rules.ts";
import { PASSWORD_MAX, PASSWORD_MAX_UNITS, PASSWORD_MIN, passwordLength } from "./password-rules.ts";

/**
 * The enrolment form (SPEC section 3): each field's rule, shared by the page (the browser's own
 * checks and their messages) and the schema of the sign-up page's action. The choices (membership type,
 * country, state, languages) are checked against their lists in src/shared/membership/types.ts and
 * src/shared/enrolment-options.ts.
 */

export const MEMBERSHIP_REQUIRED =
  "Choose a membership type, or 'No membership' if you are an author or reviewer";
export const NO_MEMBERSHIP_NEEDS_ROLE =
  "Without a membership, tick 'I am an author' or 'I am a reviewer' (or choose a membership type)";
export const COMMON_PASSWORD_MESSAGE = "This password is too common; choose another";
export const PASSWORD_TOO_SHORT = `Your password must have at least ${PASSWORD_MIN} characters`;
export const PASSWORD_TOO_LONG = `Your password must have at most ${PASSWORD_MAX} characters`;

/** The oldest and youngest applicant the form believes. */
const MIN_AGE = 16;
const MAX_AGE = 110;
const DATE_PATTERN = String.raw`\d{4}-\d{2}-\d{2}`;

export const ENROLMENT_FIELDS = {
  membership: { label: "Membership Type", max: 10, required: MEMBERSHIP_REQUIRED },
  name: { label: "Full Name", max: 200, required: "Please enter your full name", autoComplete: "name" },
  designation: {
    label: "Designation/Position",
    max: 200,
    required: "Please enter your designation or position",
    autoComplete: "organization-title",
  },
  dob: {
    label: "Date of Birth",
    max: 10,
    required: "Please enter your date of birth",
    pattern: DATE_PATTERN,
    invalid: "Enter your date of birth as YYYY-MM-DD",
    autoComplete: "bday",
  },
  address: {
    label: "Office Address",
    max: 500,
    required: "Please enter your office address",
    autoComplete: "street-address",
  },
  city: { label: "City", max: 100, required: "Please enter your city", autoComplete: "address-level2" },
  pincode: {
    label: "PIN Code",
    max: 12,
    required: "Please enter your PIN code",
    autoComplete: "postal-code",
  },
  phone: {
    label: "Office Phone",
    type: "tel",
    max: 25,
    required: "Please enter your office phone number",
    invalid: PHONE_INVALID,
    autoComplete: "work tel",
  },
  mobile: {
    label: "Mobile",
    type: "tel",
    max: 25,
    required: "Please enter your mobile number",
    invalid: PHONE_INVALID,
    autoComplete: "mobile tel",
  },
  email: {
    label: "Email Address",
    type: "email",
    max: EMAIL_MAX,
    // An empty address is as invalid as a wrong one: one message for both.
    required: EMAIL_INVALID,
    invalid: EMAIL_INVALID,
    autoComplete: "email",
  },
  password: {
    label: "Password",
    type: "password",
    min: PASSWORD_MIN,
    // Code units, as an input's maxLength counts them; the characters are counted by passwordProblem.
    max: PASSWORD_MAX_UNITS,
    required: PASSWORD_TOO_SHORT,
    autoComplete: "new-password",
  },
  // Empty, it does not match: one message for both.
  confirmPassword: {
    label: "Confirm Password",
    type: "password",
    max: PASSWORD_MAX_UNITS,
    required: PASSWORDS_DIFFER,
    autoComplete: "new-password",
  },
  areasOfInterest: { label: "Areas of Interest", max: 2000 },
  agreement: {
    label: "I agree to the terms and conditions",
    max: 2,
    required: "Please agree to the terms and conditions",
  },
} as const satisfies FieldRules;

export { PASSWORD_HINT, PASSWORDS_DIFFER };

/** A membership type, or none for an author or reviewer (who must say which they are). */
export function membershipProblem(membership: string, author: boolean, reviewer: boolean): string | null {
  if (membership === "") return MEMBERSHIP_REQUIRED;
  if (membership === NO_MEMBERSHIP && !author && !reviewer) return NO_MEMBERSHIP_NEEDS_ROLE;
  return null;
}

/** A PIN code in India, a postal code elsewhere. */
export function pinCodeProblem(country: string, pincode: string): string | null {
  if (country === "India")
    return /^[1-9]\d{5}$/.test(pincode) ? null : "Enter a six-digit PIN code that does not start with 0";
  return /^[A-Za-z0-9][A-Za-z0-9 -]{1,10}$/.test(pincode) ? null : "Enter a valid postal code";
}

/** A password long enough and not among the ones guessed first (the server knows a longer list). */
export function passwordProblem(password: string): string | null {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN) return PASSWORD_TOO_SHORT;
  if (length > PASSWORD_MAX || password.length > PASSWORD_MAX_UNITS) return PASSWORD_TOO_LONG;
  return isCommonPassword(password) ? COMMON_PASSWORD_MESSAGE : null;
}

function yearsSince(isoDate: string, now: Date): number {
  const born = new Date(`${isoDate}T00:00:00Z`);
  let years = now.getUTCFullYear() - born.getUTCFullYear();
  const birthdayPassed =
    now.getUTCMonth() > born.getUTCMonth() ||
    (now.getUTCMonth() === born.getUTCMonth() && now.getUTCDate() >= born.getUTCDate());
  if (!birthdayPassed) years--;
  return years;
}

const isRealDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** A date of birth as YYYY-MM-DD that exists, of someone between 16 and 110 years old. */
export function dateOfBirthProblem(value: string, now = new Date()): string | null {
  const rule = ENROLMENT_FIELDS.dob;
  if (value === "") return rule.required;
  if (!new RegExp(`^${rule.pattern}$`).test(value)) return rule.invalid;
  if (!isRealDate(value)) return "That date does not exist";
  const age = yearsSince(value, now);
  return age >= MIN_AGE && age <= MAX_AGE
    ? null
    : `Enter a date of birth between ${MIN_AGE} and ${MAX_AGE} years ago`;
}

/** The fields the form checks together, as typed (a checkbox: whether it is ticked). */
export type EnrolmentValues = {
  membership: string;
  author: boolean;
  reviewer: boolean;
  dob: string;
  country: string;
  pincode: string;
  phone: string;
  mobile: string;
  password: string;
  confirmPassword: string;
};

/**
 * What the page checks beyond each field's own rule, in the form's order; the schema makes the
 * same checks. A field left empty is its rule's business (its `required` message).
 */
export function enrolmentProblems(values: EnrolmentValues, now = new Date()): FieldErrors {
  const found: FieldErrors = {};
  const note = (name: keyof EnrolmentValues, problem: string | null) => {
    if (problem && values[name] !== "") found[name] = problem;
  };
  note("membership", membershipProblem(values.membership, values.author, values.reviewer));
  note("dob", dateOfBirthProblem(values.dob, now));
  note("pincode", pinCodeProblem(values.country, values.pincode));
  note("phone", isPhoneNumber(values.phone) ? null : PHONE_INVALID);
  note("mobile", isPhoneNumber(values.mobile) ? null : PHONE_INVALID);
  note("password", passwordProblem(values.password));
  note("confirmPassword", values.confirmPassword === values.password ? null : PASSWORDS_DIFFER);
  return found;
}
