import { MEMBER_NO_PATTERN } from "../account-claim.ts";
import { EMAIL_INVALID, EMAIL_MAX, type FieldRules } from "./field-rules.ts";

/** The claim page's fields: the address on the register, and the member number if the member knows it. */
export const CLAIM_FIELDS = {
  email: {
    label: "Email Address",
    type: "email",
    max: EMAIL_MAX,
    required: "Please enter your e-mail address",
    invalid: EMAIL_INVALID,
    autoComplete: "email",
  },
  memberNo: {
    label: "Member number",
    type: "text",
    max: 20,
    pattern: MEMBER_NO_PATTERN,
    invalid: "A member number has letters, digits, / and - only, as on your membership card",
  },
} as const satisfies FieldRules;
