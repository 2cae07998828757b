import { dictionary } from "@zxcvbn-ts/language-common";
import { COMMON_PASSWORD_MESSAGE, enrolmentSchema, PASSWORD_MIN } from "#shared/schemas/enrolment.ts";

/**
 * The server's fuller check behind the enrolment form's short list: zxcvbn's 49,000 passwords
 * most found in breaches (about 18,000 of them long enough to pass the length rule). The list
 * is too large to send to every phone that opens the form, so the browser checks only the short one.
 */
let known: Set<string> | undefined;

export function isKnownPassword(password: string): boolean {
  known ??= new Set(dictionary["passwords-common"].filter((entry) => entry.length >= PASSWORD_MIN));
  return known.has(password.toLowerCase());
}

/** The shared enrolment schema with the full list added: what the enrol function checks. */
export const serverEnrolmentSchema = enrolmentSchema.refine(
  (application) => !isKnownPassword(application.password),
  { path: ["password"], message: COMMON_PASSWORD_MESSAGE },
);
