/**
 * Membership fees from Contentful's `membershipFee` entries, into the one shape the site reads
 * (content/membership.yaml's, decision 0023): `fees.registration` and each type's `fees`, each a
 * schedule `[{ from: "2026-27", amount }]` in year order, read by `feeInForce`. One entry is one
 * amount and the financial year it applies from; an empty amount is "to be announced" (`TBA`). A
 * fee change is a new entry from its year, so the payments due for earlier years, and the
 * references already issued for them, keep their amounts.
 */
import { TO_BE_ANNOUNCED } from "#shared/membership/amount.ts";
import { MEMBERSHIP_TYPES } from "#shared/membership/types.ts";
import type { Membership } from "#shared/schemas/membership.ts";
import { describeEntry, type EntryRef, entryOrigin, markOrigin } from "./entry-origins.server.ts";

/** The `membershipType` of the registration fee's entries; the membership types use their values "1".."4". */
export const REGISTRATION = "registration";

/** One `membershipFee` entry's fields, as delivered (the schema checks them). */
export type FeeEntry = { ref: EntryRef; membershipType: unknown; from: unknown; amount: unknown };

const byYear = (a: { from: unknown }, b: { from: unknown }) => String(a.from).localeCompare(String(b.from));

/** The schedule of one membership type (or the registration fee), oldest year first, each step marked with its entry. */
function scheduleOf(entries: readonly FeeEntry[], type: string) {
  const steps = entries
    .filter((entry) => entry.membershipType === type)
    .sort(byYear)
    .map((entry) =>
      markOrigin(
        { from: entry.from, amount: entry.amount ?? TO_BE_ANNOUNCED },
        entryOrigin(entry.ref, { from: "from", amount: "amount" }),
      ),
    );
  const name = type === REGISTRATION ? "the registration fee" : `type ${type}`;
  // A schedule's own problem (none given) is about the fee entries of that type together.
  return markOrigin(steps, (rest) => ({
    where: `Contentful: the Membership fee entries of ${name}`,
    detail: [...rest],
  }));
}

/**
 * The fees of `rules` (the repository's membership rules: the types, how each runs, the calendar)
 * replaced by the `membershipFee` entries' schedules. `problems` gets a line for each entry of a
 * membership type the site does not know, which the schedules would otherwise leave out unseen.
 */
export function feesFromEntries(
  entries: readonly FeeEntry[],
  rules: Pick<Membership, "fees" | "types">,
  problems: string[],
): Pick<Membership, "fees" | "types"> {
  const known = new Set<unknown>([REGISTRATION, ...MEMBERSHIP_TYPES.map((type) => type.value)]);
  for (const entry of entries)
    if (!known.has(entry.membershipType))
      problems.push(
        `${describeEntry(entry.ref)}: membershipType: "${String(entry.membershipType)}" is not a membership type: give 1, 2, 3, 4 or registration`,
      );
  // An honorary membership has no fee to take from the entries.
  const types = rules.types.map((type) =>
    type.rule === "honorary" ? type : { ...type, fees: scheduleOf(entries, type.value) },
  );
  return {
    fees: { ...rules.fees, registration: scheduleOf(entries, REGISTRATION) },
    // A problem across types (the life fee against the Ordinary fee) is about the fee entries.
    types: markOrigin(types, (rest) =>
      rest.length === 0 ? { where: "Contentful: the Membership fee entries", detail: [] } : undefined,
    ),
  } as Pick<Membership, "fees" | "types">;
}
