import { CONTACT_FIELDS } from "#shared/forms/contact-fields.ts";
import { ENROLMENT_FIELDS } from "#shared/forms/enrolment-fields.ts";
import type { FieldRules } from "#shared/forms/field-rules.ts";
import { phoneAsWritten } from "#shared/forms/field-rules.ts";
import { CORRECTION_FORM, OWN_DETAILS_FORM } from "#shared/forms/own-data-fields.ts";
import { SUBSCRIBE_FIELDS } from "#shared/forms/subscribe-fields.ts";
import { correctionLabel } from "#shared/member-privacy.ts";
import { membershipLabel } from "#shared/membership/types.ts";
import { fieldWords } from "#shared/schemas/fields.ts";

/**
 * How the workspace writes its records' values, done on the server where each page's data is
 * read: the pages are handed text, so what the browser shows when it hydrates is exactly what the
 * server rendered (a browser's Intl can word a date differently from Node's).
 */

/** A day (YYYY-MM-DD, already India's) as the office reads it: "1 Mar 2025", as `when` writes a moment's. */
export function day(value: string): string {
  const [year, month, date] = value.split("-").map(Number);
  if (!year || !month || !date) return value;
  return new Intl.DateTimeFormat("en-IN", {
    timeZone: "UTC",
    day: "numeric",
    month: "short",
    year: "numeric",
  }).format(new Date(Date.UTC(year, month - 1, date)));
}

/** A moment as the office reads it, in India's time (the society's), to the minute. */
export function when(iso: string | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${new Intl.DateTimeFormat("en-IN", {
    timeZone: "Asia/Kolkata",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
  }).format(date)} IST`;
}

export const rupees = (amount: number | null) =>
  amount === null ? "not set" : `₹${amount.toLocaleString("en-IN", { maximumFractionDigits: 2 })}`;

/** The labels of each kind's form, as the visitor saw them: the same rules the form is drawn from. */
const FORM_LABELS: Record<string, FieldRules> = {
  contact: CONTACT_FIELDS,
  subscribe: SUBSCRIBE_FIELDS,
  enrolment: ENROLMENT_FIELDS,
  "directory-correction": CORRECTION_FORM,
  "own-details": OWN_DETAILS_FORM,
};

/** The fields the site itself adds to a record, in words. */
const RECORD_LABELS: Record<string, string> = {
  applicationId: "Application id",
  accountEmail: "Account's e-mail address",
  accountName: "Account's name",
  memberId: "Directory member id",
  fields: "Which details are wrong or missing",
  details: "What they should be",
  privacyNoticeVersion: "Privacy notice accepted (version)",
  financialYear: "Period",
  kind: "Kind",
  reason: "Reason",
  reference: "Payment reference",
  from: "From",
  to: "To",
  at: "When",
  author: "I am an author",
  reviewer: "I am a reviewer",
  format: "Journal Format",
  gender: "Gender",
  indianLanguages: "Languages Known",
  country: "Country",
  state: "State",
};

/**
 * Each kind of stored submission in the office's words (the Messages page's list and its cards),
 * never the code it is stored under. A kind added without a name here still reads as words.
 */
export const KIND_NAMES: Record<string, string> = {
  contact: "Contact message",
  subscribe: "Newsletter subscription",
  enrolment: "Enrolment application",
  "enrolment-existing": "Application from an address that has an account",
  "enrolment-waiting": "Application from an address waiting for confirmation",
  "email-verification": "Link to confirm the address",
  "enrolment-confirmed": "Application confirmed by the applicant",
  "approval-link": "Fresh payment link for the office",
  "membership-activated": "Membership active or payment received",
  "membership-notice": "Membership reminder",
  "application-rejected": "Application rejected",
  "application-reopened": "Application reopened",
  "email-change": "Change of e-mail address asked for",
  "email-change-taken": "Change to an address already in use",
  "email-changed": "E-mail address changed",
  "account-closed": "Website account closed",
  "directory-correction": "Directory correction",
  "directory-address-changed": "Directory e-mail address changed",
  "password-reset": "Password reset link",
  "password-changed": "Password changed",
  "secretariat-password-link": "Workspace password link",
  newsletter: "Newsletter copy",
  "newsletter-test": "Newsletter test copy",
};

export const kindName = (kind: string): string => KIND_NAMES[kind] ?? fieldWords(kind);

/** A field of a record as its label reads ("first_name" → "First name"), never its key. */
export const fieldLabel = (kind: string, name: string): string =>
  FORM_LABELS[kind]?.[name]?.label ?? RECORD_LABELS[name] ?? fieldWords(name);

/**
 * A submission's fields, whatever its kind, as label and text (a held one, a stored message): each
 * field named by its form's label, as the person who sent it read it.
 */
export function fieldsOf(data: unknown, kind = ""): [string, string][] {
  if (!data || typeof data !== "object") return [["Content", String(data)]];
  return Object.entries(data as Record<string, unknown>).map(([name, value]) => [
    fieldLabel(kind, name),
    valueText(name, value),
  ]);
}

/** The fields of the site's forms that hold a phone number, stored as +<digits>. */
const PHONE_FIELDS = new Set(["phone", "mobile", "phone_number"]);

/** A value as the person who chose it read it: a membership type by its label, a tick as Yes or No. */
function valueText(name: string, value: unknown): string {
  if (name === "membership" && typeof value === "string") return membershipLabel(value);
  // A correction's details by the names its form gave them, not the sheet's column keys.
  if (name === "fields" && Array.isArray(value))
    return value.map((field) => correctionLabel(String(field))).join(", ");
  // A member who asked to be added has no directory entry yet.
  if (value === null || value === undefined)
    return name === "memberId" ? "not in the directory" : "not given";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  // A phone number as the directory sheet writes one (+91 98765 43210), not as it is stored.
  if (PHONE_FIELDS.has(name) && typeof value === "string") return phoneAsWritten(value);
  // A list left empty says so, as the application mail does, rather than showing a blank.
  if (Array.isArray(value)) return value.join(", ") || "none given";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}
