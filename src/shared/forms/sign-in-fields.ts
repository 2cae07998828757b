import { EMAIL_INVALID, EMAIL_MAX, type FieldRules } from "./field-rules.ts";
import { PASSWORD_MAX_UNITS } from "./password-rules.ts";

/** 'Log In' (SPEC section 3): each field's rule, shared by the page and its action. */
export const LOGIN_FIELDS = {
  email: {
    label: "Email Address",
    type: "email",
    max: EMAIL_MAX,
    required: "Please enter your e-mail address",
    invalid: EMAIL_INVALID,
    autoComplete: "username",
  },
  password: {
    label: "Password",
    type: "password",
    max: PASSWORD_MAX_UNITS,
    required: "Please enter your password",
    autoComplete: "current-password",
  },
} as const satisfies FieldRules;

/** The one sentence over a sign-in form that is missing something. */
export const LOGIN_INVALID = "Please enter your e-mail address and password.";

/** 'Send me a fresh link' for an address not yet confirmed: the address only. */
export const RESEND_FIELDS = {
  email: { ...LOGIN_FIELDS.email, autoComplete: "email" },
} as const satisfies FieldRules;
