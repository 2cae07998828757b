/**
 * Fees as schedules: each amount applies to the payments due for its financial year and after,
 * until a later entry (content/membership.yaml: every type's `fees`, and `fees.registration`).
 * The amount due for a period is the fee in force for that period's year, so a fee change applies
 * from its year on and never to a payment already asked for under an earlier year's reference.
 */
import type { Amount } from "./amount.ts";
import { financialYearFromLabel } from "./calendar.ts";

/** One entry: from this financial year ("2026-27") on, this amount in whole rupees, or "TBA". */
export type FeeEntry = { from: string; amount: Amount };
export type FeeSchedule = readonly FeeEntry[];

/**
 * The fee in force for the financial year `year` (named by the year it starts in); for a year
 * before the schedule's first entry, that first entry's fee (no earlier figure is known).
 */
export function feeInForce(schedule: FeeSchedule, year: number, startMonth: number): Amount {
  const dated = schedule
    .map((entry) => ({ year: financialYearFromLabel(entry.from, startMonth) ?? 0, amount: entry.amount }))
    .sort((a, b) => a.year - b.year);
  const [first] = dated;
  if (!first) return "TBA";
  return dated.filter((entry) => entry.year <= year).at(-1)?.amount ?? first.amount;
}
