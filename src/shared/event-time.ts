/**
 * Wall-clock times in a named time zone, without a time-zone library: the runtime's Intl data
 * (Node and every browser carry the IANA zones) gives each zone's offset at an instant.
 */

export const SOCIETY_TIME_ZONE = "Asia/Kolkata";

/** Local date-time as written in content: "2026-12-04T15:00" (seconds optional). */
export const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
/** A calendar day: "2026-12-04". */
export const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether the runtime knows this IANA time zone. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at an instant, in milliseconds. */
function zoneOffset(instant: number, zone: string): number {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, formatter);
  }
  const parts = formatter.formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(
    get("year"),
    get("month") - 1,
    get("day"),
    get("hour"),
    get("minute"),
    get("second"),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** Whether a YYYY-MM-DD (and optional time) names a real day: no 31 February. */
function realDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The instant a wall-clock time ("2026-12-04T15:00" or a bare day, its midnight) names in a zone, or null if malformed. */
export function wallTimeToInstant(wall: string, zone: string): Date | null {
  const match = WALL_TIME.exec(wall) ?? DAY.exec(wall);
  if (!match) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match
    .slice(1)
    .map((part) => Number(part ?? 0));
  if (
    !realDay(year as number, month as number, day as number) ||
    (hour as number) > 23 ||
    (minute as number) > 59
  ) {
    return null;
  }
  const guess = Date.UTC(year as number, (month as number) - 1, day as number, hour, minute, second);
  // Two passes settle the offset even when the guess falls on the other side of a DST change.
  const first = guess - zoneOffset(guess, zone);
  return new Date(guess - zoneOffset(first, zone));
}

/** The wall-clock time of an instant in a zone, as "YYYY-MM-DDTHH:mm". */
export function instantToWallTime(instant: Date, zone: string): string {
  const local = new Date(instant.getTime() + zoneOffset(instant.getTime(), zone));
  return local.toISOString().slice(0, 16);
}

/** The day after a YYYY-MM-DD. */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
