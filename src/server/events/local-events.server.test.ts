import { describe, expect, it } from "vitest";
import { isUpcoming } from "#shared/event-listing.ts";
import { localEvents, parseEventFile, parseEventFiles } from "./local-events.server.ts";

const file = (fields: string, body = "What happens.") => `---\n${fields}\n---\n${body}\n`;
const good = "title: A meeting\nstart: 2026-12-04T15:00\nend: 2026-12-04T18:00\nvenue: New Delhi";

describe("content/events/", () => {
  it("every sample event is valid, and there are upcoming and past ones around any date in their span", async () => {
    const events = await localEvents().all();
    expect(events.length).toBeGreaterThan(5);
    const middle = new Date(
      (Date.parse(events[0]?.startsAt ?? "") + Date.parse(events.at(-1)?.endsAt ?? "")) / 2,
    );
    expect(events.some((event) => isUpcoming(event, middle))).toBe(true);
    expect(events.some((event) => !isUpcoming(event, middle))).toBe(true);
  });

  it("resolves Asia/Kolkata wall-clock times to UTC instants, and all-day events to whole days", () => {
    const event = parseEventFile("gbm.md", file(good));
    expect(event).toMatchObject({
      slug: "gbm",
      allDay: false,
      start: "2026-12-04T15:00",
      timeZone: "Asia/Kolkata",
      startsAt: "2026-12-04T09:30:00.000Z",
      endsAt: "2026-12-04T12:30:00.000Z",
    });
    const allDay = parseEventFile(
      "congress.md",
      file("title: C\nstart: 2027-02-17\nend: 2027-02-19\nvenue: Ludhiana"),
    );
    expect(allDay).toMatchObject({
      allDay: true,
      startsAt: "2027-02-16T18:30:00.000Z",
      endsAt: "2027-02-19T18:30:00.000Z",
    });
  });

  it("honours another time zone, daylight saving included", () => {
    const event = parseEventFile(
      "x.md",
      file(
        "title: T\nstart: 2026-07-01T10:00\nend: 2026-07-01T11:00\ntimeZone: Europe/Berlin\nvenue: Berlin",
      ),
    );
    expect(event.startsAt).toBe("2026-07-01T08:00:00.000Z");
  });

  it("refuses an event without an end, naming the file and the field", () => {
    expect(() => parseEventFile("no-end.md", file("title: A\nstart: 2026-12-04T15:00\nvenue: V"))).toThrow(
      /^content\/events\/no-end\.md: end: is required/,
    );
  });

  it("refuses an end before the start, and an end equal to a timed start", () => {
    expect(() =>
      parseEventFile(
        "backwards.md",
        file("title: A\nstart: 2026-12-04T15:00\nend: 2026-12-04T14:00\nvenue: V"),
      ),
    ).toThrow(/^content\/events\/backwards\.md: end: is before the start/);
    expect(() =>
      parseEventFile("days.md", file("title: A\nstart: 2026-12-04\nend: 2026-12-03\nvenue: V")),
    ).toThrow(/content\/events\/days\.md: end: is before the start/);
    expect(() =>
      parseEventFile("mixed.md", file("title: A\nstart: 2026-12-04\nend: 2026-12-04T10:00\nvenue: V")),
    ).toThrow(/mixed\.md: end: must have the same form as start/);
  });

  it("refuses an unknown time zone and impossible dates", () => {
    expect(() => parseEventFile("tz.md", file(`${good}\ntimeZone: Asia/Calcutta-ish`))).toThrow(
      /^content\/events\/tz\.md: timeZone: is not a known IANA time zone/,
    );
    expect(() =>
      parseEventFile("feb.md", file("title: A\nstart: 2026-02-31T10:00\nend: 2026-03-01T10:00\nvenue: V")),
    ).toThrow(/feb\.md: start: is not a real date and time/);
  });

  it("refuses two events with one slug, naming both files", () => {
    expect(() =>
      parseEventFiles([
        { name: "a.md", text: file(`${good}\nslug: gbm-2026`) },
        { name: "gbm-2026.md", text: file(good) },
      ]),
    ).toThrow('content/events/gbm-2026.md: slug: "gbm-2026" is already the slug of content/events/a.md');
  });

  it("refuses unknown fields and an event with neither venue nor online link", () => {
    expect(() => parseEventFile("typo.md", file(`${good}\nvenu: X`))).toThrow(
      /typo\.md: \(whole event\): Unrecognized key: "venu"/,
    );
    expect(() =>
      parseEventFile("where.md", file("title: A\nstart: 2026-12-04T15:00\nend: 2026-12-04T18:00")),
    ).toThrow(/where\.md: venue: an event needs a venue or an onlineUrl/);
  });
});
