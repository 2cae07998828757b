import { EMAIL_INVALID, EMAIL_MAX, type FieldRules, PHONE_INVALID, PHONE_PATTERN } from "./field-rules.ts";

/** 'Send Us a Message' (SPEC section 3): the fields' rules, shared by the form and its page's action. */
export const CONTACT_FIELDS = {
  first_name: {
    label: "First name",
    max: 100,
    required: "Please enter your first name",
    autoComplete: "given-name",
  },
  last_name: { label: "Last name", max: 100, autoComplete: "family-name" },
  email: {
    label: "E-mail address",
    type: "email",
    max: EMAIL_MAX,
    required: "Please enter your e-mail address",
    invalid: EMAIL_INVALID,
    autoComplete: "email",
  },
  phone_number: {
    label: "Phone number",
    type: "tel",
    max: 25,
    pattern: PHONE_PATTERN,
    invalid: PHONE_INVALID,
    autoComplete: "tel",
  },
  message: { label: "Message", max: 5000, required: "Please write your message" },
} as const satisfies FieldRules;

export const CONTACT_SENT = "Thank you. Your message has been sent to the secretariat.";
