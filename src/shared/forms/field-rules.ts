/**
 * What a form field accepts, written once for the page and the server: the page turns a rule into
 * the browser's own checks (`required`, `maxLength`, `minLength`, `pattern`, `type`) and messages,
 * the server into the zod schema that decides (src/shared/schemas/fields.ts). No zod here, so a
 * page that only needs the rules ships none.
 */
export type FieldRule = {
  label: string;
  /** The input's type, which is also the browser's first check (an e-mail, a phone number). */
  type?: "text" | "email" | "tel" | "password" | "date";
  max: number;
  min?: number;
  /** The message when the field is left empty; absent for an optional field. */
  required?: string;
  /** A pattern the whole value must match, as the HTML attribute takes it (no slashes or flags). */
  pattern?: string;
  /** The message when the value does not match `pattern` or `type`. */
  invalid?: string;
  autoComplete?: string;
};

export type FieldRules = Record<string, FieldRule>;

/** Field name → the first problem found with it (`form` for the form as a whole). */
export type FieldErrors = Partial<Record<string, string>>;

export const tooLong = (rule: FieldRule) => `${rule.label} must be at most ${rule.max} characters`;
export const tooShort = (rule: FieldRule) => `${rule.label} must have at least ${rule.min ?? 0} characters`;

/** How many digits a phone number has: at most 15 (E.164), and at the least a local number. */
export const PHONE_DIGITS = { min: 7, max: 15 };
/** Digits with an optional leading +, spaces, dashes, dots and brackets. */
export const PHONE_PATTERN = String.raw`\+?[\d\s\(\)\.\-]+`;
export const PHONE_INVALID = "Enter a phone number like +91 98765 43210";
export const EMAIL_INVALID = "Enter a valid e-mail address";
export const EMAIL_MAX = 254;

/** What a phone field accepts: the pattern, and between 7 and 15 digits. */
export const isPhoneNumber = (value: string) => {
  const digits = value.replace(/\D/g, "").length;
  return /^\+?[\d\s().-]+$/.test(value) && digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
};
