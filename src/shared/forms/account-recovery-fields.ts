import { EMAIL_INVALID, EMAIL_MAX, type FieldRules } from "./field-rules.ts";
import { PASSWORD_MAX_UNITS, PASSWORD_MIN } from "./password-rules.ts";

/**
 * The forms of a forgotten password and the account's settings: each field's rule, shared by the
 * pages and the functions (the password rules are enrolment's).
 */
const email = {
  label: "Email Address",
  type: "email",
  max: EMAIL_MAX,
  required: "Please enter your e-mail address",
  invalid: EMAIL_INVALID,
  autoComplete: "email",
} as const;

const newPassword = {
  label: "New password",
  type: "password",
  min: PASSWORD_MIN,
  max: PASSWORD_MAX_UNITS,
  required: "Please choose a new password",
  autoComplete: "new-password",
} as const;

const confirmPassword = {
  label: "Confirm new password",
  type: "password",
  max: PASSWORD_MAX_UNITS,
  required: "Please type the new password again",
  autoComplete: "new-password",
} as const;

const currentPassword = {
  label: "Current password",
  type: "password",
  max: PASSWORD_MAX_UNITS,
  required: "Please enter your current password",
  autoComplete: "current-password",
} as const;

export const FORGOT_FIELDS = { email: { ...email, autoComplete: "username" } } as const satisfies FieldRules;
export const RESET_FIELDS = { password: newPassword, confirmPassword } as const satisfies FieldRules;
export const CHANGE_PASSWORD_FIELDS = {
  currentPassword,
  password: newPassword,
  confirmPassword,
} as const satisfies FieldRules;
export const CHANGE_EMAIL_FIELDS = {
  email: { ...email, label: "New e-mail address" },
  // Its own name: a page's ids are the fields' names, and the password form has currentPassword.
  emailPassword: currentPassword,
} as const satisfies FieldRules;

export const PASSWORD_HINT = `At least ${PASSWORD_MIN} characters; not a common password.`;
export const PASSWORDS_DIFFER = "The passwords do not match";
export const WRONG_CURRENT_PASSWORD = "That is not your current password";
