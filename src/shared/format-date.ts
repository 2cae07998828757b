/**
 * Dates and times as the site writes them, in India's time: "14 March 2026" and "4:00 pm". One set
 * of Intl formatters for every page, the server's prerender and the browser alike: both take the
 * CLDR data of British English with the time zone named, so they write the same text and hydration
 * matches.
 */
const IST_OFFSET_MINUTES = 330;
const INDIA = "Asia/Kolkata";
const DAY = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: INDIA,
});
/** A calendar day, which has no time zone of its own: read and written as UTC, so it never moves. */
const CALENDAR_DAY = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
const WEEKDAY_AND_DAY = new Intl.DateTimeFormat("en-GB", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
const TIME = new Intl.DateTimeFormat("en-GB", {
  hour: "numeric",
  minute: "2-digit",
  hourCycle: "h12",
  timeZone: INDIA,
});

export type NewsDate = { date: string; time: string | null };

const calendarDay = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** "14 March 2026" from a day ("2026-03-14"); the text itself if it is no day. */
export function formatDay(day: string): string {
  const date = calendarDay(day);
  return date ? CALENDAR_DAY.format(date) : day;
}

/** "Saturday, 14 March 2026" from a day ("2026-03-14…"). */
export function formatWeekdayAndDay(day: string): string {
  const date = calendarDay(day.slice(0, 10));
  return date ? WEEKDAY_AND_DAY.format(date) : day;
}

/** "14 March 2026" and "4:00 pm", in Indian time; a bare day has no time. */
export function formatNewsDate(value: string | null, fallback: string): NewsDate {
  if (!value) return { date: fallback, time: null };
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = calendarDay(value);
    return { date: day ? CALENDAR_DAY.format(day) : fallback, time: null };
  }
  const utc = Date.parse(value);
  if (Number.isNaN(utc)) return { date: fallback, time: null };
  return { date: DAY.format(utc), time: TIME.format(utc) };
}

/**
 * Today's date in India (UTC+05:30, no daylight saving) as YYYY-MM-DD: the default and the `max` of
 * a form's date, and the day a payment may be dated at the latest. Between 00:00 and 05:30 IST the
 * UTC date is still yesterday's; this is not.
 */
export const todayInIndia = (now = new Date()): string =>
  new Date(now.getTime() + IST_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);

/** An instant as the date and time in India, marked IST: "27 November 2026, 1:45 am IST" ("" if unreadable). */
export function formatIndianDateTime(value: string): string {
  if (Number.isNaN(Date.parse(value))) return "";
  const { date, time } = formatNewsDate(value, "");
  return `${date}, ${time} IST`;
}
