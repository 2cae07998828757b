import type { FieldRules } from "./field-rules.ts";
import { PASSWORD_MAX_UNITS } from "./password-rules.ts";

/** 'Send a correction' (My directory entry): the fields' rules, shared by the page and the function. */
export const CORRECTION_FORM = {
  fields: {
    label: "Which details are wrong or missing",
    max: 20,
    required: "Please choose at least one detail",
  },
  details: {
    label: "What they should be",
    max: 2000,
    required: "Please write what the details should be",
  },
} as const satisfies FieldRules;

/** 'Close my account': the password, as sign-in takes it. */
export const CLOSE_ACCOUNT_FORM = {
  password: {
    label: "Your password",
    type: "password",
    max: PASSWORD_MAX_UNITS,
    required: "Please enter your password",
    autoComplete: "current-password",
  },
} as const satisfies FieldRules;

/** 'Hide from other members': checkboxes only, nothing to type. */
export const PRIVACY_FORM = {
  hide: { label: "Hide from other members", max: 20 },
} as const satisfies FieldRules;

export const WRONG_PASSWORD = "That is not your password";
