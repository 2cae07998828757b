/**
 * Membership fees, from either source into the one schedule shape (src/shared/schemas/fee-schedule.ts).
 * Kept apart from the rest of the mapping on purpose: the fee model in content/membership.yaml is
 * being changed to a schedule on another branch, and when the two meet, only this module changes.
 */

import { TO_BE_ANNOUNCED } from "#shared/membership/amount.ts";
import type { FeeSchedule } from "#shared/schemas/fee-schedule.ts";
import { MEMBERSHIP_TYPE_VALUES } from "#shared/schemas/fee-schedule.ts";
import type { Membership } from "#shared/schemas/membership.ts";
import { type EntryRef, entryOrigin, markOrigin } from "./entry-origins.server.ts";

/**
 * The financial year today's single YAML amounts are taken to apply from. The YAML on this branch
 * still has one `fee` per type; the schedule branch gives each its own `from`, and then this goes.
 */
export const YAML_FEES_FROM = "2026-27";

/** The `membershipType` of the registration fee's entries; the membership types use their values "1".."4". */
export const REGISTRATION = "registration";

/** content/membership.yaml's fees as a schedule. */
export function feeScheduleFromYaml(membership: Membership): FeeSchedule {
  return {
    registration: membership.fees.registration,
    // In the form's order, as the Contentful side gives them (membershipSchema has each type once).
    types: MEMBERSHIP_TYPE_VALUES.map((value: string) => ({
      value,
      fees: membership.types.find((type) => type.value === value)?.fees ?? [
        { from: YAML_FEES_FROM, amount: TO_BE_ANNOUNCED },
      ],
    })),
  };
}

/** One `membershipFee` entry's fields, as delivered (the schema checks them). */
export type FeeEntry = { ref: EntryRef; membershipType: unknown; from: unknown; amount: unknown };

const byYear = (a: { from: unknown }, b: { from: unknown }) => String(a.from).localeCompare(String(b.from));

/**
 * The `membershipFee` entries as a schedule: grouped by membership type, oldest year first; an
 * empty amount is "to be announced". Each step is marked with its entry, so a bad year or amount
 * is reported against the entry that holds it.
 */
export function feeScheduleFromEntries(entries: readonly FeeEntry[]): unknown {
  const stepOf = (entry: FeeEntry) =>
    markOrigin(
      { from: entry.from, amount: entry.amount ?? TO_BE_ANNOUNCED },
      entryOrigin(entry.ref, { from: "from", amount: "amount" }),
    );
  const stepsFor = (type: string) =>
    entries
      .filter((entry) => entry.membershipType === type)
      .sort(byYear)
      .map(stepOf);
  // An entry of a type the site does not know would otherwise vanish: keep it, so the schema names it.
  const known = new Set<unknown>([REGISTRATION, ...MEMBERSHIP_TYPE_VALUES]);
  const unknown = entries
    .filter((entry) => !known.has(entry.membershipType))
    .map((entry) =>
      markOrigin(
        { value: entry.membershipType, fees: [stepOf(entry)] },
        entryOrigin(entry.ref, { value: "membershipType" }),
      ),
    );
  return {
    registration: stepsFor(REGISTRATION),
    types: [...MEMBERSHIP_TYPE_VALUES.map((value) => ({ value, fees: stepsFor(value) })), ...unknown],
  };
}
