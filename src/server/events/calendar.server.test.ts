import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import type { SocietyEvent } from "#shared/schemas/events.ts";
import { calendarFile, eventUid } from "./calendar.server.ts";
import { localEvents, parseEventFile } from "./local-events.server.ts";

const SITE = { siteUrl: "https://isgpb.example.org", siteName: "ISGPB", name: "ISGPB events" };

/** Parses with ical.js (a real iCalendar parser), registering the file's own VTIMEZONEs. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
}

describe("calendarFile", () => {
  it("holds every event, with its times at the right instants in Asia/Kolkata", async () => {
    const events = await localEvents().all();
    const text = calendarFile(events, SITE);
    expect(text).toContain("BEGIN:VTIMEZONE\r\nTZID:Asia/Kolkata");
    const parsed = parse(text);
    expect(parsed.map((event) => event.uid).sort()).toEqual(
      events.map((event) => eventUid(event, SITE.siteUrl)).sort(),
    );
    for (const event of events) {
      const found = parsed.find((candidate) => candidate.uid === eventUid(event, SITE.siteUrl));
      expect(found?.summary).toBe(event.title);
      if (event.allDay) {
        expect(found?.startDate.isDate).toBe(true);
        expect(found?.startDate.toString()).toBe(event.start);
      } else {
        expect(found?.startDate.zone?.tzid).toBe("Asia/Kolkata");
        expect(found?.startDate.toJSDate().toISOString()).toBe(event.startsAt);
        expect(found?.endDate.toJSDate().toISOString()).toBe(event.endsAt);
      }
    }
  });

  it("ends an all-day event on the day after its last day (DTEND is exclusive)", () => {
    const event = parseEventFile(
      "c.md",
      "---\ntitle: C\nstart: 2027-02-17\nend: 2027-02-19\nvenue: V\n---\nText\n",
    );
    const [parsed] = parse(calendarFile([event], SITE));
    expect(parsed?.endDate.toString()).toBe("2027-02-20");
  });

  it("keeps an event's UID when it is edited, so subscribers see it move", () => {
    const before = parseEventFile(
      "gbm.md",
      "---\ntitle: GBM\nstart: 2026-12-04T15:00\nend: 2026-12-04T18:00\nvenue: V\n---\nA\n",
    );
    const after: SocietyEvent = {
      ...before,
      title: "GBM (moved)",
      start: "2026-12-05T15:00",
      startsAt: "2026-12-05T09:30:00.000Z",
    };
    const [one] = parse(calendarFile([before], SITE));
    const [two] = parse(calendarFile([after], SITE));
    expect(one?.uid).toBe(two?.uid);
    expect(one?.uid).toBe("event-gbm@isgpb.example.org");
  });

  it("writes events of another zone as UTC instants, which need no VTIMEZONE", () => {
    const event = parseEventFile(
      "b.md",
      "---\ntitle: B\nstart: 2026-07-01T10:00\nend: 2026-07-01T11:00\ntimeZone: Europe/Berlin\nonlineUrl: https://meet.example.org/x\n---\nA\n",
    );
    const text = calendarFile([event], SITE);
    expect(text).not.toContain("TZID:Europe/Berlin");
    expect(parse(text)[0]?.startDate.toJSDate().toISOString()).toBe("2026-07-01T08:00:00.000Z");
  });
});
