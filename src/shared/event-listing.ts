/** How events are ordered, split into upcoming and past, and dated for reading. Pure: no clock of its own. */
import { byCodeUnits } from "./code-unit-order.ts";
import { formatWeekdayAndDay } from "./format-date.ts";
import type { SocietyEvent } from "./schemas/events.ts";

/** What a list of events shows of each: kind, title, when and where. */
const SUMMARY_FIELDS = [
  "slug",
  "title",
  "kind",
  "allDay",
  "start",
  "end",
  "timeZone",
  "startsAt",
  "endsAt",
  "venue",
] as const satisfies readonly (keyof SocietyEvent)[];
export type EventSummaryData = Pick<SocietyEvent, (typeof SUMMARY_FIELDS)[number]>;

/**
 * An event as lists show it. Pages that list events carry only this in their hydration data, not
 * the description and links that the event's own page shows.
 */
export const eventSummary = (event: EventSummaryData): EventSummaryData =>
  Object.fromEntries(SUMMARY_FIELDS.map((field) => [field, event[field]])) as EventSummaryData;

/** An event is upcoming until it is over: one in progress still shows among the upcoming. */
export function isUpcoming(event: Pick<SocietyEvent, "endsAt">, now: Date): boolean {
  return Date.parse(event.endsAt) > now.getTime();
}

type Listed = Pick<SocietyEvent, "slug" | "start" | "startsAt" | "endsAt">;

export type EventListing<E extends Listed> = {
  /** Soonest first. */
  upcoming: E[];
  /** Newest year first; within a year, the latest event first. */
  past: { year: string; events: E[] }[];
};

const byStart = (a: Listed, b: Listed) => byCodeUnits(a.startsAt, b.startsAt) || byCodeUnits(a.slug, b.slug);

export function listEvents<E extends Listed>(events: readonly E[], now: Date): EventListing<E> {
  const sorted = [...events].sort(byStart);
  const upcoming = sorted.filter((event) => isUpcoming(event, now));
  const past: EventListing<E>["past"] = [];
  for (const event of sorted.filter((candidate) => !isUpcoming(candidate, now)).reverse()) {
    const year = event.start.slice(0, 4);
    const group = past.at(-1);
    if (group?.year === year) group.events.push(event);
    else past.push({ year, events: [event] });
  }
  return { upcoming, past };
}

/** The next `count` events that are not over yet. */
export function nextEvents<E extends Listed>(events: readonly E[], now: Date, count: number): E[] {
  return listEvents(events, now).upcoming.slice(0, count);
}

/** "3.00 p.m." from "…T15:00", as Indian English writes times. */
export function formatTime(wall: string): string {
  const hour = Number(wall.slice(11, 13));
  const minute = wall.slice(14, 16);
  const half = hour < 12 ? "a.m." : "p.m.";
  return `${hour % 12 === 0 ? 12 : hour % 12}.${minute} ${half}`;
}

/** A zone's short name for readers: IST for the society's own zone, else the IANA name. */
export function zoneLabel(zone: string): string {
  return zone === "Asia/Kolkata" ? "IST" : zone.replaceAll("_", " ");
}

/** When an event takes place, in one line: "Friday, 4 December 2026, 3.00 p.m. to 6.00 p.m. IST". */
export function formatWhen(event: Pick<SocietyEvent, "allDay" | "start" | "end" | "timeZone">): string {
  const sameDay = event.start.slice(0, 10) === event.end.slice(0, 10);
  if (event.allDay)
    return sameDay
      ? formatWeekdayAndDay(event.start)
      : `${formatWeekdayAndDay(event.start)} to ${formatWeekdayAndDay(event.end)}`;
  const zone = zoneLabel(event.timeZone);
  if (sameDay)
    return `${formatWeekdayAndDay(event.start)}, ${formatTime(event.start)} to ${formatTime(event.end)} ${zone}`;
  return `${formatWeekdayAndDay(event.start)}, ${formatTime(event.start)} to ${formatWeekdayAndDay(event.end)}, ${formatTime(event.end)} ${zone}`;
}
