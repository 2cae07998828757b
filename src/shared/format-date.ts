/** English month names, for dates written out in full (news, events). */
export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const IST_OFFSET_MINUTES = 330;

export type NewsDate = { date: string; time: string | null };

/**
 * "14 March 2026" and "4:00 pm", in Indian time. Written out by hand rather than with Intl, so
 * the prerender (Node) and the browser give exactly the same text and hydration matches.
 */
export function formatNewsDate(value: string | null, fallback: string): NewsDate {
  if (!value) return { date: fallback, time: null };
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (dateOnly) {
    return { date: `${Number(dateOnly[3])} ${MONTHS[Number(dateOnly[2]) - 1]} ${dateOnly[1]}`, time: null };
  }
  const utc = Date.parse(value);
  if (Number.isNaN(utc)) return { date: fallback, time: null };
  const ist = new Date(utc + IST_OFFSET_MINUTES * 60_000);
  const hours = ist.getUTCHours();
  const minutes = String(ist.getUTCMinutes()).padStart(2, "0");
  return {
    date: `${ist.getUTCDate()} ${MONTHS[ist.getUTCMonth()]} ${ist.getUTCFullYear()}`,
    time: `${hours % 12 || 12}:${minutes} ${hours < 12 ? "am" : "pm"}`,
  };
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
