import ical, { ICalCalendarMethod } from "ical-generator";
import { nextDay, SOCIETY_TIME_ZONE } from "#shared/event-time.ts";
import type { SocietyEvent } from "#shared/schemas/events.ts";

/**
 * India has kept +05:30 without daylight saving since 1945, so one STANDARD block describes
 * Asia/Kolkata for every date a society event can have. Written out here rather than pulled from
 * a time-zone database: calendar apps need the block, the site needs nothing else from one.
 */
const KOLKATA_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:Asia/Kolkata",
  "X-LIC-LOCATION:Asia/Kolkata",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0530",
  "TZOFFSETTO:+0530",
  "TZNAME:IST",
  "DTSTART:19700101T000000",
  "END:STANDARD",
  "END:VTIMEZONE",
].join("\r\n");

/** The VTIMEZONE generator ical-generator calls for each zone the events use. */
export function vtimezone(zone: string): string | null {
  return zone === SOCIETY_TIME_ZONE ? KOLKATA_VTIMEZONE : null;
}

/**
 * The UID of an event: its slug at the site's host. It never changes when the event is edited
 * (new time, venue, title), so a subscribed calendar moves the event instead of adding a copy.
 */
export function eventUid(event: Pick<SocietyEvent, "slug">, siteUrl: string): string {
  return `event-${event.slug}@${new URL(siteUrl).host}`;
}

export type CalendarOptions = {
  siteUrl: string;
  siteName: string;
  /** The calendar's name in the subscriber's app. */
  name: string;
  /** DTSTAMP: when the file was made. Injected so a test can pin it. */
  now?: Date;
};

/** An iCalendar (RFC 5545) file holding the events, times in their own zone with its VTIMEZONE. */
export function calendarFile(events: readonly SocietyEvent[], options: CalendarOptions): string {
  const calendar = ical({
    name: options.name,
    prodId: { company: options.siteName, product: "events", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
    url: new URL("/events", options.siteUrl).href,
    // Subscribed apps poll the feed; every six hours is plenty for a society's calendar.
    ttl: 6 * 60 * 60,
    timezone: { name: null, generator: vtimezone },
  });
  for (const event of events) {
    const page = new URL(`/events/${event.slug}`, options.siteUrl).href;
    const society = event.timeZone === SOCIETY_TIME_ZONE;
    const description = [
      event.description.trim(),
      event.registrationUrl && `Registration: ${event.registrationUrl}`,
      page,
    ]
      .filter(Boolean)
      .join("\n\n");
    calendar.createEvent({
      id: eventUid(event, options.siteUrl),
      summary: event.title,
      stamp: options.now ?? new Date(),
      allDay: event.allDay,
      // ical-generator writes a TZID time from a local date-time string as written (the wall
      // clock); events in other zones are written as UTC instants, which needs no VTIMEZONE.
      ...(event.allDay
        ? // DTEND of an all-day event is the day after its last day (RFC 5545, exclusive).
          { start: new Date(`${event.start}T00:00:00Z`), end: new Date(`${nextDay(event.end)}T00:00:00Z`) }
        : society
          ? { timezone: SOCIETY_TIME_ZONE, start: `${event.start}:00`, end: `${event.end}:00` }
          : { start: new Date(event.startsAt), end: new Date(event.endsAt) }),
      location: event.venue ?? event.onlineUrl ?? null,
      description,
      url: page,
      ...(event.attachment && { attachments: [new URL(event.attachment.url, options.siteUrl).href] }),
    });
  }
  return calendar.toString();
}
