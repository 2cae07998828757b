import { EMAIL_INVALID, EMAIL_MAX, type FieldRules } from "./field-rules.ts";

/** The footer's Subscribe box: one e-mail address. */
export const SUBSCRIBE_FIELDS = {
  email: {
    label: "E-mail address",
    type: "email",
    max: EMAIL_MAX,
    required: "Please enter your e-mail address",
    invalid: EMAIL_INVALID,
    autoComplete: "email",
  },
} as const satisfies FieldRules;
