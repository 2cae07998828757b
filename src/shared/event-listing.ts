/** How events are ordered, split into upcoming and past, and dated for reading. Pure: no clock of its own. */
import { byCodeUnits } from "./code-unit-order.ts";
import { MONTHS } from "./format-date.ts";
import type { SocietyEvent } from "./schemas/events.ts";

/** An event is upcoming until it is over: one in progress still shows among the upcoming. */
export function isUpcoming(event: SocietyEvent, now: Date): boolean {
  return Date.parse(event.endsAt) > now.getTime();
}

export type EventListing = {
  /** Soonest first. */
  upcoming: SocietyEvent[];
  /** Newest year first; within a year, the latest event first. */
  past: { year: string; events: SocietyEvent[] }[];
};

const byStart = (a: SocietyEvent, b: SocietyEvent) =>
  byCodeUnits(a.startsAt, b.startsAt) || byCodeUnits(a.slug, b.slug);

export function listEvents(events: readonly SocietyEvent[], now: Date): EventListing {
  const sorted = [...events].sort(byStart);
  const upcoming = sorted.filter((event) => isUpcoming(event, now));
  const past: EventListing["past"] = [];
  for (const event of sorted.filter((candidate) => !isUpcoming(candidate, now)).reverse()) {
    const year = event.start.slice(0, 4);
    const group = past.at(-1);
    if (group?.year === year) group.events.push(event);
    else past.push({ year, events: [event] });
  }
  return { upcoming, past };
}

/** The next `count` events that are not over yet. */
export function nextEvents(events: readonly SocietyEvent[], now: Date, count: number): SocietyEvent[] {
  return listEvents(events, now).upcoming.slice(0, count);
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** "Friday, 4 December 2026" from "2026-12-04…": written by hand so server and browser agree to the letter. */
export function formatDay(wall: string): string {
  const [year, month, day] = wall.slice(0, 10).split("-").map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return `${WEEKDAYS[weekday]}, ${day} ${MONTHS[month - 1]} ${year}`;
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
    return sameDay ? formatDay(event.start) : `${formatDay(event.start)} to ${formatDay(event.end)}`;
  const zone = zoneLabel(event.timeZone);
  if (sameDay)
    return `${formatDay(event.start)}, ${formatTime(event.start)} to ${formatTime(event.end)} ${zone}`;
  return `${formatDay(event.start)}, ${formatTime(event.start)} to ${formatDay(event.end)}, ${formatTime(event.end)} ${zone}`;
}
