/**
 * Members' contact details in the directory (decision 0015): shown only to signed-in members whose
 * membership is active, unless the site is set to show them to everyone; each member may hide
 * some of theirs from other members. What the pages and the functions both say.
 */

import { OWN_DETAILS_SAVED } from "./forms/own-data-fields.ts";
import type { Member } from "./schemas/directory.ts";

/** A directory entry as its member sees it on /account/directory-entry: label and value, in order. */
export function ownEntryRows(entry: Member): [string, string][] {
  return [
    ["Name", entry.name],
    ["Position", entry.position],
    ["University", entry.university],
    ["Address", [entry.address1, entry.address2].filter(Boolean).join(", ")],
    ["City", entry.city],
    ["State", entry.state],
    ["E-mail", entry.email],
    ["Mobile", entry.mobile],
  ];
}

/** The contact details a member may hide: the address is both address lines. */
export const HIDEABLE_FIELDS = [
  { value: "email", label: "E-mail address" },
  { value: "mobile", label: "Mobile number" },
  { value: "address", label: "Postal address" },
] as const;
export type HideableField = (typeof HIDEABLE_FIELDS)[number]["value"];
export const HIDEABLE_VALUES = HIDEABLE_FIELDS.map((field) => field.value) as [
  HideableField,
  ...HideableField[],
];

/** The directory's View More for a visitor who is not signed in. */
export const SIGN_IN_FOR_CONTACTS = "Sign in as a member to see contact details";
/** For an account whose membership is not active (pending payment, an author or reviewer). */
export const MEMBERS_ONLY_CONTACTS = "Contact details are shown to members whose membership is active.";
/** In place of a detail the member has chosen to hide. */
export const NOT_SHARED = "Not shared by the member";

/** The directory page that opens one member's details: the sign-in link comes back here. */
export const directoryMemberPath = (id: string) => `/directory?member=${encodeURIComponent(id)}`;

/** One member's details as a page of its own: View More without JavaScript. */
export const memberPagePath = (id: string) => `/directory/member/${encodeURIComponent(id)}`;

/** The fields a correction may concern, as the sheet names them. */
export const CORRECTION_FIELDS = [
  { value: "name", label: "Name" },
  { value: "position", label: "Position" },
  { value: "university", label: "University or institution" },
  { value: "address", label: "Postal address" },
  { value: "city", label: "City" },
  { value: "state", label: "State" },
  { value: "email", label: "E-mail address" },
  { value: "mobile", label: "Mobile number" },
  { value: "add", label: "I am not in the directory: please add me" },
] as const;
export type CorrectionField = (typeof CORRECTION_FIELDS)[number]["value"];
export const CORRECTION_VALUES = CORRECTION_FIELDS.map((field) => field.value) as [
  CorrectionField,
  ...CorrectionField[],
];

export const correctionLabel = (value: string) =>
  CORRECTION_FIELDS.find((field) => field.value === value)?.label ?? value;

/** The outcomes a plain (no-JavaScript) post comes back to, by `?status=`. */
export const DIRECTORY_ENTRY_OUTCOMES = {
  saved: "Your choices are saved. Other members see your directory entry without what you chose to hide.",
  sent: "Thank you. Your correction has been sent to the secretariat, who will update the directory.",
  "details-saved": OWN_DETAILS_SAVED,
  "details-name-sent":
    "Your details are saved. Your new name has been sent to the secretariat, who confirm name changes.",
  "details-unchanged": "Nothing was changed: your details were already as you sent them.",
} as const;
export type DirectoryEntryStatus = keyof typeof DIRECTORY_ENTRY_OUTCOMES;
export const isDirectoryEntryStatus = (value: unknown): value is DirectoryEntryStatus =>
  typeof value === "string" && Object.hasOwn(DIRECTORY_ENTRY_OUTCOMES, value);

export const NO_DIRECTORY_ENTRY =
  "We found no directory entry with your e-mail address. If you should be in the directory, ask to be added with the form below.";

export const CLOSED_ACCOUNT_MESSAGE = "Your account is closed and you are signed out.";
export const NOT_SIGNED_IN = "Please sign in first.";
