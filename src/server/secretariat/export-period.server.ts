import {
  addYears,
  DAY_PATTERN,
  type Day,
  dayInIndia,
  financialYearOf,
  financialYearStart,
} from "#shared/membership/calendar.ts";
import { membershipContent } from "../membership/membership-content.server.ts";

/** The days of an export, both included. */
export type Period = { from: Day; to: Day };

/** The longest period one export covers: enough for any catch-up, short of "everything ever". */
export const MAX_PERIOD_YEARS = 5;

export const PERIOD_ERRORS = {
  fromMissing: "Enter the first day of the period",
  toMissing: "Enter the last day of the period",
  malformed: "Enter a date that exists, as YYYY-MM-DD (such as 2026-04-01)",
  order: "The last day must be on or after the first day",
  tooLong: `The period can be at most ${MAX_PERIOD_YEARS} years; export it in parts`,
} as const;

/** The financial year so far: from its first day (1 April) to today. */
export const yearSoFar = (today: Day, startMonth: number): Period => ({
  from: financialYearStart(financialYearOf(today, startMonth), startMonth),
  to: today,
});

/** The default period: the financial year so far, as the society counts it (in India). */
export const defaultPeriod = (now = new Date()): Period =>
  yearSoFar(dayInIndia(now), membershipContent().calendar.financialYearStartMonth);

const isDay = (value: string) => {
  if (!DAY_PATTERN.test(value)) return false;
  return new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
};

export type PeriodAnswer =
  | { ok: true; period: Period }
  | { ok: false; values: { from: string; to: string }; errors: Partial<Record<"from" | "to", string>> };

/**
 * The period a query asks for, or each problem beside its field: a missing or malformed day, a
 * last day before the first, a period longer than MAX_PERIOD_YEARS.
 */
export function readPeriod(query: URLSearchParams): PeriodAnswer {
  const from = (query.get("from") ?? "").trim().slice(0, 40);
  const to = (query.get("to") ?? "").trim().slice(0, 40);
  const errors: Partial<Record<"from" | "to", string>> = {};
  if (!from) errors.from = PERIOD_ERRORS.fromMissing;
  else if (!isDay(from)) errors.from = PERIOD_ERRORS.malformed;
  if (!to) errors.to = PERIOD_ERRORS.toMissing;
  else if (!isDay(to)) errors.to = PERIOD_ERRORS.malformed;
  if (!errors.from && !errors.to) {
    if (to < from) errors.to = PERIOD_ERRORS.order;
    // Five years from 1 April 2021 ends on 31 March 2026: the same date five years on is one too many.
    else if (to >= addYears(from, MAX_PERIOD_YEARS)) errors.to = PERIOD_ERRORS.tooLong;
  }
  if (errors.from || errors.to) return { ok: false, values: { from, to }, errors };
  return { ok: true, period: { from, to } };
}

export type SinceAnswer =
  | { ok: true; since: Day }
  | { ok: false; values: { since: string }; errors: Partial<Record<"since", string>> };

/** The first day of an export of changes (`since`): a day that exists, not after today in India. */
export function readSince(query: URLSearchParams, today: Day): SinceAnswer {
  const since = (query.get("since") ?? "").trim().slice(0, 40);
  const problem = !since
    ? "Enter the first day of the changes to export"
    : !isDay(since)
      ? PERIOD_ERRORS.malformed
      : since > today
        ? "The first day cannot be after today"
        : null;
  return problem ? { ok: false, values: { since }, errors: { since: problem } } : { ok: true, since };
}
