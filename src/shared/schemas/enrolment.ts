import { isCommonPassword } from "../common-passwords.ts";
import { PASSWORD_MAX, PASSWORD_MIN } from "../forms/password-rules.ts";

export { PASSWORD_MAX, PASSWORD_MIN };

import {
  COUNTRIES,
  DEFAULT_COUNTRY,
  DEFAULT_FORMAT,
  GENDERS,
  INDIAN_STATES,
  JOURNAL_FORMATS,
  LANGUAGES,
  MEMBERSHIP_TYPES,
  NO_MEMBERSHIP,
  UNION_TERRITORIES,
} from "../enrolment-options.ts";
import { PHONE_INVALID } from "../forms/field-rules.ts";
import { LOGIN_FIELDS, RESEND_FIELDS } from "../forms/sign-in-fields.ts";
import { z } from "../zod.ts";
import { emailAddress, oneLine as line, phoneNumber as phone } from "./fields.ts";

const oneLine = (label: string, max: number) => line({ label, max });
const phoneNumber = phone({ label: "Phone number", max: 25, invalid: PHONE_INVALID });

export const COMMON_PASSWORD_MESSAGE = "This password is too common; choose another";
export const MEMBERSHIP_REQUIRED =
  "Choose a membership type, or 'No membership' if you are an author or reviewer";
export const NO_MEMBERSHIP_NEEDS_ROLE =
  "Without a membership, tick 'I am an author' or 'I am a reviewer' (or choose a membership type)";

const UNSAFE_IN_TEXT = /(?![\t\n\r])[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;
const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !UNSAFE_IN_TEXT.test(value), `${label} contains characters that are not allowed`);

const required = (label: string, max: number, message: string) =>
  oneLine(label, max).pipe(z.string().min(1, message));

/** A checkbox: "on" from a posted form, a boolean from JSON, absent when not ticked. */
const checkbox = z
  .union([z.boolean(), z.literal("on")])
  .optional()
  .transform((value) => value === true || value === "on");

/** One value or several (a multi-select posts its name once per chosen option). */
const manyOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.array(z.enum(values))])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.literal(""), z.enum(values)]).default("");

/** The oldest and youngest applicant the form believes. */
const MIN_AGE = 16;
const MAX_AGE = 110;

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

const dateOfBirth = z
  .string()
  .trim()
  .min(1, "Please enter your date of birth")
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter your date of birth as YYYY-MM-DD")
  .refine(isRealDate, "That date does not exist")
  .refine((value) => {
    const age = yearsSince(value, new Date());
    return age >= MIN_AGE && age <= MAX_AGE;
  }, `Enter a date of birth between ${MIN_AGE} and ${MAX_AGE} years ago`);

const STATES = [...INDIAN_STATES, ...UNION_TERRITORIES] as [string, ...string[]];

/**
 * The enrolment form (SPEC section 3), checked the same way by the page and by POST /api/enrol.
 * The password never leaves the function that hashes it.
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
    name: required("Full Name", 200, "Please enter your full name"),
    designation: required("Designation/Position", 200, "Please enter your designation or position"),
    dob: dateOfBirth,
    gender: optionalChoice(GENDERS),
    indianLanguages: manyOf(LANGUAGES),
    address: text("Office Address", 500).pipe(z.string().min(1, "Please enter your office address")),
    country: z.enum(COUNTRIES, "Choose a country from the list").default(DEFAULT_COUNTRY),
    state: optionalChoice(STATES),
    city: required("City", 100, "Please enter your city"),
    pincode: required("PIN Code", 12, "Please enter your PIN code"),
    phone: phoneNumber.pipe(z.string().min(1, "Please enter your office phone number")),
    mobile: phoneNumber.pipe(z.string().min(1, "Please enter your mobile number")),
    email: oneLine("Email Address", 254)
      .pipe(z.email("Enter a valid e-mail address"))
      .transform((email) => email.toLowerCase()),
    password: z
      .string()
      .min(PASSWORD_MIN, `Your password must have at least ${PASSWORD_MIN} characters`)
      .max(PASSWORD_MAX, `Your password must have at most ${PASSWORD_MAX} characters`)
      .refine((password) => !isCommonPassword(password), COMMON_PASSWORD_MESSAGE),
    // Missing counts as not matching, so the form shows one message for both cases.
    confirmPassword: z.string().default(""),
    author: checkbox,
    reviewer: checkbox,
    areasOfInterest: text("Areas of interest", 2000).default(""),
    agreement: checkbox.refine(Boolean, "Please agree to the terms and conditions"),
  })
  .superRefine((form, context) => {
    if (form.membership === "")
      context.addIssue({ code: "custom", path: ["membership"], message: MEMBERSHIP_REQUIRED });
    if (form.membership === NO_MEMBERSHIP && !form.author && !form.reviewer)
      context.addIssue({ code: "custom", path: ["membership"], message: NO_MEMBERSHIP_NEEDS_ROLE });
    if (form.confirmPassword !== form.password)
      context.addIssue({
        code: "custom",
        path: ["confirmPassword"],
        message: "The passwords do not match",
      });
    const pin = form.country === "India" ? /^[1-9]\d{5}$/ : /^[A-Za-z0-9][A-Za-z0-9 -]{1,10}$/;
    if (!pin.test(form.pincode))
      context.addIssue({
        code: "custom",
        path: ["pincode"],
        message:
          form.country === "India"
            ? "Enter a six-digit PIN code that does not start with 0"
            : "Enter a valid postal code",
      });
  });
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
  password: z
    .string()
    .min(1, LOGIN_FIELDS.password.required)
    .max(LOGIN_FIELDS.password.max, "Wrong e-mail or password"),
});

/** Asking for a fresh confirmation link: the address only. */
export const resendSchema = z.object({
  action: z.literal("resend"),
  email: emailAddress(RESEND_FIELDS.email),
});
