/** The election's forms: what the server accepts from each (src/shared/forms/election-fields.ts). */
import { VICE_PRESIDENT_LAYOUTS } from "../elections/elections.ts";
import {
  DECIDE_FIELDS,
  EXTEND_FIELDS,
  NEW_ELECTION_FIELDS as F,
  NOMINATE_FIELDS,
  ROLL_ADD_FIELDS,
  ROLL_STRIKE_FIELDS,
} from "../forms/election-fields.ts";
import { z } from "../zod.ts";
import { isoDate, multiLine, oneLine } from "./fields.ts";

const uuid = (message: string) => z.string({ error: message }).regex(/^[0-9a-f-]{36}$/, message);
const chosenBy = z.enum(["all", "zone"], "Choose who elects this Councillor").default("all");

export const newElectionSchema = z
  .strictObject({
    title: oneLine(F.title),
    term: oneLine(F.term).pipe(z.string().regex(/^\d{4}-\d{4}$/, F.term.invalid)),
    termBegins: isoDate(F.termBegins),
    rollCutoff: isoDate(F.rollCutoff),
    nominationsFrom: isoDate(F.nominationsFrom),
    nominationsTo: isoDate(F.nominationsTo),
    votingFrom: isoDate(F.votingFrom),
    votingTo: isoDate(F.votingTo),
    returningOfficer: uuid(F.returningOfficer.required),
    vicePresidents: z.enum(VICE_PRESIDENT_LAYOUTS, F.vicePresidents.required).default("one-office"),
    chosenByNZ: chosenBy,
    chosenByEZ: chosenBy,
    chosenByMEZ: chosenBy,
    chosenByCZ: chosenBy,
    chosenByWZ: chosenBy,
    chosenBySZ: chosenBy,
  })
  .superRefine((form, context) => {
    const problem = (path: string, message: string) =>
      context.addIssue({ code: "custom", path: [path], message });
    const [first, second] = form.term.split("-").map(Number) as [number, number];
    if (second < first || second - first > 3)
      problem("term", "The term's second year is the first or one of the three after it, like 2027-2028");
    if (form.rollCutoff > form.nominationsFrom)
      problem("rollCutoff", "The roll's cut-off day is on or before the day nominations open");
    if (form.nominationsTo < form.nominationsFrom)
      problem("nominationsTo", "The last day of nominations is on or after the day they open");
    if (form.votingFrom <= form.nominationsTo)
      problem("votingFrom", "Voting opens after the last day of nominations");
    if (form.votingTo < form.votingFrom)
      problem("votingTo", "The last day of voting is on or after the day it opens");
    if (form.termBegins <= form.votingTo)
      problem("termBegins", "The new Council takes office after the last day of voting");
  });
export type NewElection = z.output<typeof newElectionSchema>;

export const stagePressSchema = z.strictObject({});
export const extendSchema = z.strictObject({ lastDay: isoDate(EXTEND_FIELDS.lastDay) });

export const rollAddSchema = z.strictObject({
  member: oneLine(ROLL_ADD_FIELDS.member),
  reason: multiLine(ROLL_ADD_FIELDS.reason),
});
export const rollStrikeSchema = z.strictObject({
  member: oneLine(ROLL_ADD_FIELDS.member),
  reason: multiLine(ROLL_STRIKE_FIELDS.reason),
});
export const decideSchema = z.strictObject({
  nomination: uuid("Name the nomination"),
  decision: z.enum(["valid", "rejected"], DECIDE_FIELDS.decision.required),
  note: multiLine(DECIDE_FIELDS.note),
});

export const nominateSchema = z.strictObject({
  office: oneLine(NOMINATE_FIELDS.office),
  candidate: oneLine(NOMINATE_FIELDS.candidate),
});
/** 'Second', 'Accept', 'Decline': the nomination pressed on. */
export const nominationPressSchema = z.strictObject({ nomination: uuid("Name the nomination") });
