import { z } from "zod";

// zod compiles validators with new Function() unless told not to; the site's CSP forbids eval.
z.config({ jitless: true });

/** Control characters, line and paragraph separators, and bidi overrides (which can disguise text). */
const UNSAFE_IN_LINE = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;
/** In a message, line breaks and tabs are fine; other controls and bidi overrides are not. */
const UNSAFE_IN_TEXT = /(?![\t\n\r])[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

/** A one-line text field: no line breaks or invisible controls, so it can never reach a header. */
export const oneLine = (label: string, max: number) =>
  z
    .string()
    // Checked before trimming, so a trailing line break is refused, not quietly dropped.
    .refine((value) => !UNSAFE_IN_LINE.test(value), `${label} must be a single line of plain text`)
    .trim()
    .max(max, `${label} must be at most ${max} characters`);

/** How many digits a phone number has, in E.164 terms (at most 15) and at the least a local number. */
const PHONE_DIGITS = { min: 7, max: 15 };

const isPhoneNumber = (value: string) => {
  const digits = value.replace(/\D/g, "").length;
  return /^\+?[\d\s().-]+$/.test(value) && digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
};

/** Digits with optional +, spaces, dashes, dots and brackets; stored as +<digits> (E.164 style). */
export const phoneNumber = oneLine("Phone number", 25)
  .refine((value) => value === "" || isPhoneNumber(value), "Enter a phone number like +91 98765 43210")
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

export const contactMessageSchema = z.strictObject({
  first_name: oneLine("First name", 100).pipe(z.string().min(1, "Please enter your first name")),
  last_name: oneLine("Last name", 100).default(""),
  email: oneLine("E-mail address", 254).pipe(z.email("Enter a valid e-mail address")),
  phone_number: phoneNumber.default(""),
  message: z
    .string()
    .trim()
    .min(1, "Please write your message")
    .max(5000, "Message must be at most 5000 characters")
    .refine((value) => !UNSAFE_IN_TEXT.test(value), "Message contains characters that are not allowed"),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
export type ContactField = keyof ContactMessage;

/** Field name → first problem, for showing next to each field. */
export function fieldErrors(error: z.ZodError): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] === undefined ? "form" : String(issue.path[0]);
    errors[field] ??=
      issue.code === "unrecognized_keys" ? `Unknown fields: ${issue.keys.join(", ")}` : issue.message;
  }
  return errors;
}
