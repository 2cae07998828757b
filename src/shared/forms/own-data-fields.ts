import { type FieldRules, PHONE_INVALID, PHONE_PATTERN } from "./field-rules.ts";
import { PASSWORD_MAX_UNITS } from "./password-rules.ts";

/** 'Send a correction' (My directory entry): the fields' rules, shared by the page and the function. */
export const CORRECTION_FORM = {
  fields: {
    label: "Which details are wrong or missing",
    max: 20,
    required: "Please choose at least one detail",
  },
  details: {
    label: "What they should be",
    max: 2000,
    required: "Please write what the details should be",
  },
} as const satisfies FieldRules;

/** 'Close my account': the password, as sign-in takes it. */
export const CLOSE_ACCOUNT_FORM = {
  password: {
    label: "Your password",
    type: "password",
    max: PASSWORD_MAX_UNITS,
    required: "Please enter your password",
    autoComplete: "current-password",
  },
} as const satisfies FieldRules;

/** 'Hide from other members': checkboxes only, nothing to type. */
export const PRIVACY_FORM = {
  hide: { label: "Hide from other members", max: 20 },
} as const satisfies FieldRules;

export const WRONG_PASSWORD = "That is not your password";

/**
 * 'My details' (My directory entry): what a member changes in their own entry, shown to other
 * members at once (where the member lets them see it) and sent to the secretariat's sheet by its
 * export of changes. A field left out is left as it is; an empty one is cleared. The name is not
 * changed here: a new name goes to the secretariat, who confirm name changes.
 */
export const OWN_DETAILS_FORM = {
  position: { label: "Position", max: 200, autoComplete: "organization-title" },
  institution: { label: "University or institution", max: 300, autoComplete: "organization" },
  address1: { label: "Address", max: 300, autoComplete: "address-line1" },
  address2: { label: "Address, second line", max: 300, autoComplete: "address-line2" },
  city: { label: "City", max: 100, autoComplete: "address-level2" },
  state: { label: "State", max: 100, autoComplete: "address-level1" },
  mobile: {
    label: "Mobile number",
    type: "tel",
    max: 25,
    pattern: PHONE_PATTERN,
    invalid: PHONE_INVALID,
    autoComplete: "tel",
  },
  name: { label: "Name, if it should read differently", max: 200, autoComplete: "name" },
} as const satisfies FieldRules;

/** The details a member changes themselves (every field of OWN_DETAILS_FORM but the name). */
export const OWN_DETAIL_FIELDS = [
  "position",
  "institution",
  "address1",
  "address2",
  "city",
  "state",
  "mobile",
] as const;
export type OwnDetailField = (typeof OWN_DETAIL_FIELDS)[number];

/**
 * Where a member's own change shows: at once in their entry's details (View More) for members who
 * see contact details, read per request; the list and the site search are made from the
 * secretariat's directory (prerendered, and indexed at build time), so they follow it.
 */
export const OWN_DETAILS_SAVED =
  "Your details are saved. Signed-in members see them at once when they open your entry (View More), less what you chose to hide. The directory's list and the site search show them after the secretariat has copied them into the directory.";
export const OWN_NAME_SENT =
  "Your details are saved. Your new name has been sent to the secretariat, who confirm name changes.";
export const NOTHING_CHANGED = "Nothing was changed: your details were already as you sent them.";
