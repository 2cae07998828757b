/**
 * Calendar days and the society's financial year, as plain `YYYY-MM-DD` strings: membership runs
 * by dates in India, not instants, so nothing here depends on the machine's time zone.
 */
export type Day = string;

export const DAY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

export const dayOf = (year: number, month: number, date: number): Day =>
  `${pad(year, 4)}-${pad(month)}-${pad(date)}`;

function partsOf(day: Day) {
  if (!DAY_PATTERN.test(day)) throw new Error(`not a day: ${day}`);
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return { year, month, date };
}

/** Days in a month (1 to 12): day 0 of the next month is this month's last. */
export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export function addDays(day: Day, days: number): Day {
  const { year, month, date } = partsOf(day);
  return new Date(Date.UTC(year, month - 1, date) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The same date `months` later; a date the month lacks becomes its last (31 Jan + 1 month = 28 or 29 Feb). */
export function addMonths(day: Day, months: number): Day {
  const { year, month, date } = partsOf(day);
  const total = year * 12 + (month - 1) + months;
  const newYear = Math.floor(total / 12);
  const newMonth = (total % 12) + 1;
  return dayOf(newYear, newMonth, Math.min(date, daysInMonth(newYear, newMonth)));
}

export const addYears = (day: Day, years: number): Day => addMonths(day, 12 * years);

/** The date in India (UTC+05:30, no daylight saving) at an instant. */
export const dayInIndia = (instant: Date): Day =>
  new Date(instant.getTime() + 330 * 60_000).toISOString().slice(0, 10);

/** The financial year a day falls in, named by the calendar year it starts in (April 2026 to March 2027: 2026). */
export function financialYearOf(day: Day, startMonth: number): number {
  const { year, month } = partsOf(day);
  return month >= startMonth ? year : year - 1;
}

export const financialYearStart = (year: number, startMonth: number): Day => dayOf(year, startMonth, 1);

export const financialYearEnd = (year: number, startMonth: number): Day =>
  addDays(financialYearStart(year + 1, startMonth), -1);

/** "2026-27" (or "2026" for a year that is the calendar year): the name in references and on the page. */
export const financialYearLabel = (year: number, startMonth: number): string =>
  startMonth === 1 ? pad(year, 4) : `${pad(year, 4)}-${pad((year + 1) % 100)}`;

/** The year a label names, or null for anything that is not a well-formed label. */
export function financialYearFromLabel(label: string, startMonth: number): number | null {
  const match = /^(\d{4})(?:-(\d{2}))?$/.exec(label);
  if (!match) return null;
  const year = Number(match[1]);
  return financialYearLabel(year, startMonth) === label ? year : null;
}
