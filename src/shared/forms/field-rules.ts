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

/**
 * What a phone field accepts: the pattern, and between 7 and 15 digits. A number that starts with
 * one 0 is an Indian number with its trunk prefix, so it has the 10 digits of one after the 0; and
 * no country's code starts with 0, so "+0…" is no number either.
 */
export const isPhoneNumber = (value: string) => {
  const digits = value.replace(/\D/g, "");
  if (!/^\+?[\d\s().-]+$/.test(value)) return false;
  if (digits.length < PHONE_DIGITS.min || digits.length > PHONE_DIGITS.max) return false;
  if (value.trim().startsWith("+")) return !digits.startsWith("0");
  return !/^0[1-9]/.test(digits) || /^0\d{9,10}$/.test(digits);
};

/**
 * A stored number (+<digits>) as the directory sheet writes it: an Indian mobile as +91 98765 43210.
 * A landline's grouping depends on its area code, so any other number stays as stored.
 */
export function phoneAsWritten(stored: string): string {
  const india = /^\+91([6-9]\d{4})(\d{5})$/.exec(stored);
  return india ? `+91 ${india[1]} ${india[2]}` : stored;
}
