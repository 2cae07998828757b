import type { FieldRule, FieldRules } from "./field-rules.ts";

/**
 * The election's forms (issue 59), written once for the pages' own checks and the server's schemas
 * (src/shared/schemas/elections.ts): the workspace's (a new election, the Returning Officer's
 * presses) and the members' (nominations).
 */

const day = (label: string, required: string) =>
  ({
    label,
    type: "date" as const,
    max: 10,
    required,
    invalid: "Enter the date as YYYY-MM-DD",
  }) satisfies FieldRule;

export const NEW_ELECTION_FIELDS = {
  title: { label: "Title", max: 200, required: "Give the election a title", autoComplete: "off" },
  term: {
    label: "Term of the Council elected",
    max: 9,
    required: "Enter the term, like 2027-2028",
    pattern: String.raw`\d{4}-\d{4}`,
    invalid: "Enter the term as two years, like 2027-2028",
    autoComplete: "off",
  },
  termBegins: day("The new Council takes office on", "Enter the day the new Council takes office"),
  rollCutoff: day("Roll's cut-off day", "Enter the roll's cut-off day"),
  nominationsFrom: day("Nominations open on", "Enter the day nominations open"),
  nominationsTo: day("Last day of nominations", "Enter the last day of nominations"),
  votingFrom: day("Voting opens on", "Enter the day voting opens"),
  votingTo: day("Last day of voting", "Enter the last day of voting"),
  returningOfficer: { label: "Returning Officer", max: 36, required: "Name the Returning Officer" },
  vicePresidents: {
    label: "The two Vice-Presidents",
    max: 20,
    required: "Choose how the Vice-Presidents stand",
  },
} as const satisfies FieldRules;

/** 'Extend': the new last day of the window. */
export const EXTEND_FIELDS = {
  lastDay: day("New last day", "Enter the new last day"),
} as const satisfies FieldRules;

export const ROLL_ADD_FIELDS = {
  member: {
    label: "Member number or e-mail address",
    max: 254,
    required: "Enter the member's number or e-mail address",
    autoComplete: "off",
  },
  reason: { label: "Reason", max: 1000, required: "Give the reason: it is kept, and mailed to the member" },
} as const satisfies FieldRules;

export const ROLL_STRIKE_FIELDS = {
  reason: {
    label: "Reason for striking",
    max: 1000,
    required: "Give the reason: it is kept, and mailed to the member",
  },
} as const satisfies FieldRules;

export const DECIDE_FIELDS = {
  decision: { label: "Decision", max: 10, required: "Choose valid or rejected" },
  note: { label: "Note", max: 1000, required: "Write a note: the candidate and the nominator see it" },
} as const satisfies FieldRules;

export const NOMINATE_FIELDS = {
  office: { label: "Office", max: 40, required: "Choose the office" },
  candidate: {
    label: "Candidate's member number or full name",
    max: 200,
    required: "Enter the candidate's member number or full name as on the roll",
    autoComplete: "off",
  },
} as const satisfies FieldRules;
