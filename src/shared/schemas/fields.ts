/**
 * zod schemas for form fields, built from the rules in src/shared/forms/ so the server refuses
 * exactly what the page's own checks would have stopped (and what they cannot see).
 */
import { type FieldErrors, type FieldRule, isPhoneNumber, tooLong, tooShort } from "../forms/field-rules.ts";
import { PASSWORD_MAX, passwordLength } from "../forms/password-rules.ts";
import { z } from "../zod.ts";

export type { FieldErrors };

/** Control characters, line and paragraph separators, and bidi overrides (which can disguise text). */
const UNSAFE_IN_LINE = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;
/** In a longer text, line breaks and tabs are fine; other controls and bidi overrides are not. */
const UNSAFE_IN_TEXT = /(?![\t\n\r])[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

/**
 * A field that takes one value, posted more than once (a page or a tool that sends its name twice):
 * what to do about it. "Date of Birth must be text" was true of the two values but no help.
 */
export const oneValueOnly = (label: string) => `Enter only one ${label}`;

/**
 * Text, refused in the field's own words when it is missing or is not text: "Please enter your
 * first name", never zod's "Invalid input: expected string, received undefined", which names no
 * field (an API's answer says what its form would).
 */
export const textField = (rule: Pick<FieldRule, "label" | "required">) =>
  z.string({
    error: (issue) =>
      issue.input === undefined
        ? (rule.required ?? `${rule.label} is required`)
        : Array.isArray(issue.input)
          ? oneValueOnly(rule.label)
          : `${rule.label} must be text`,
  });

/** A one-line text field: no line breaks or invisible controls, so it can never reach a header. */
export const oneLine = (rule: FieldRule) => {
  const line = textField(rule)
    // Checked before trimming, so a trailing line break is refused, not quietly dropped.
    .refine((value) => !UNSAFE_IN_LINE.test(value), `${rule.label} must be a single line of plain text`)
    .trim()
    // Stored composed (NFC): "é" typed as e + a combining accent is then the same name as "é",
    // for searches, the directory's matching and the export alike. Measured after composing.
    .normalize("NFC")
    .max(rule.max, tooLong(rule));
  return rule.required ? line.pipe(z.string().min(1, rule.required)) : line;
};

/** A text of several lines (a message, an address). */
export const multiLine = (rule: FieldRule) => {
  const text = textField(rule)
    .trim()
    .normalize("NFC")
    .max(rule.max, tooLong(rule))
    .refine((value) => !UNSAFE_IN_TEXT.test(value), `${rule.label} contains characters that are not allowed`);
  return rule.required ? text.pipe(z.string().min(1, rule.required)) : text;
};

/**
 * A checkbox: "on" from a posted form, a boolean from JSON, absent when not ticked. Posted twice
 * ("on" and "on") it is ticked all the same: the two cannot disagree, so there is nothing to ask.
 */
export const checkbox = z
  .union([z.boolean(), z.literal("on"), z.array(z.literal("on")).min(1)])
  .optional()
  .transform((value) => value === true || value === "on" || Array.isArray(value));

/** An e-mail address, kept in lower case (addresses are matched case-blind everywhere). */
export const emailAddress = (rule: FieldRule) =>
  oneLine(rule)
    .pipe(z.email(rule.invalid ?? "Enter a valid e-mail address"))
    .transform((email) => email.toLowerCase());

/** A phone number, stored as +<digits> (E.164 style); empty when the field is optional and left so. */
export const phoneNumber = (rule: FieldRule) =>
  oneLine({ ...rule, required: undefined })
    .refine((value) => value === "" || isPhoneNumber(value), rule.invalid ?? "Enter a valid phone number")
    .refine((value) => !rule.required || value !== "", rule.required ?? "")
    .transform((value) => normalizePhone(value));

export function normalizePhone(value: string): string {
  if (value === "") return "";
  const digits = value.replace(/\D/g, "");
  if (value.trim().startsWith("+")) return `+${digits}`;
  if (digits.startsWith("00")) return `+${digits.slice(2)}`;
  // A ten-digit number starting 6 to 9 is an Indian mobile; a leading 0 is the trunk prefix.
  if (/^[6-9]\d{9}$/.test(digits)) return `+91${digits}`;
  if (/^0\d{9,10}$/.test(digits)) return `+91${digits.slice(1)}`;
  return `+${digits}`;
}

/**
 * Whole rupees, as typed: digits, perhaps grouped with commas ("1,00,000"), from 1 to `max`;
 * answered as a number. The commas must group as the field's pattern says (the browser checks the
 * same pattern): they are dropped only once they are known to be a grouping.
 */
export const wholeRupees = (rule: FieldRule, max: number, tooLarge: string) =>
  z
    .string({
      error: (issue) =>
        Array.isArray(issue.input) ? oneValueOnly(rule.label) : (rule.required ?? rule.invalid),
    })
    .trim()
    .max(rule.max, rule.invalid)
    .pipe(z.string().min(1, rule.required))
    .pipe(z.string().regex(new RegExp(`^(?:${rule.pattern ?? "[0-9,]*"})$`), rule.invalid))
    .transform((value) => value.replace(/,/g, ""))
    .pipe(z.string().regex(/^[1-9]\d*$/, rule.invalid))
    .transform(Number)
    .pipe(z.number().max(max, tooLarge));

/**
 * A password: checked for length here, in characters as a person counts them (passwordLength: 70
 * emoji are 70), within the field's bound in code units; what else makes it acceptable is the
 * form's business.
 */
export const password = (rule: FieldRule) => {
  const missing = rule.required ?? "Please enter your password";
  const tooLongForRule = `${rule.label} must have at most ${PASSWORD_MAX} characters`;
  return textField({ ...rule, required: missing })
    .min(1, rule.min ? tooShort(rule) : missing)
    .max(rule.max, tooLongForRule)
    .refine((value) => !rule.min || passwordLength(value) >= rule.min, tooShort(rule))
    .refine((value) => passwordLength(value) <= PASSWORD_MAX, tooLongForRule);
};

/** "bankReference" or "first_name" as words: "Bank reference", "First name". */
export const fieldWords = (field: string) => {
  const words = field
    .replace(/[_-]+/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * zod's own message for a value of the wrong type ("Invalid input: expected string, received
 * undefined") names no field; a schema built from a rule never gives it, and any other is put in
 * words here, with the field's name, so an API's answer never shows it.
 */
const isZodWording = (issue: z.core.$ZodIssue) =>
  (issue.code === "invalid_type" || issue.code === "invalid_value" || issue.code === "invalid_union") &&
  issue.message.startsWith("Invalid input");

/** zod's own complaint about a field (one no rule words), in words that say what to do. */
function zodInWords(field: string, message: string): string {
  // A single value posted more than once, to a field without a rule of its own (confirmPassword).
  if (/received array/.test(message)) return oneValueOnly(fieldWords(field).toLowerCase());
  return `${fieldWords(field)} ${/received undefined/.test(message) ? "is required" : "is not valid"}`;
}

/**
 * The fields an object schema declares, in its order: the order of its form's fields on the page
 * (a form's schema lists them as the page does). Any other schema declares none.
 */
export const declaredFields = (schema: z.ZodType): readonly string[] =>
  schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];

/**
 * Field name → first problem, for showing next to each field and, in this order, in the form's
 * error summary. zod reports the checks across fields (the passwords match, the PIN code suits the
 * country) after every field's own, so the summary would list them last wherever their fields
 * are; given the fields' order (declaredFields), the problems follow it, any other after them.
 */
export function fieldErrors(error: z.ZodError, order: readonly string[] = []): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0] === undefined ? "form" : String(issue.path[0]);
    errors[field] ??=
      issue.code === "unrecognized_keys"
        ? `Unknown fields: ${issue.keys.join(", ")}`
        : isZodWording(issue)
          ? zodInWords(field, issue.message)
          : issue.message;
  }
  const place = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  // A stable sort: problems of fields the order does not name keep zod's order, after the others.
  return Object.fromEntries(Object.entries(errors).sort(([a], [b]) => place(a) - place(b)));
}

/** A day as YYYY-MM-DD that exists, refused in the field's own words when it is missing. */
export const isoDate = (rule: { label: string; required: string; invalid: string }) =>
  textField(rule)
    .trim()
    .pipe(z.string().min(1, rule.required))
    .pipe(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, rule.invalid))
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    }, "Enter a real date");
