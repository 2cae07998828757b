import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { subscribersCsv } from "./subscriber-csv.server.ts";
import type { Subscriber } from "./subscribers.server.ts";

let ids = 0;
const subscriber = (email: string): Subscriber => ({
  id: String(++ids),
  email,
  status: "subscribed",
  requestedAt: "2026-01-02T03:04:05.000Z",
  changedAt: "2026-01-03T03:04:05.000Z",
  segmentSynced: true,
});

describe("the subscribers' CSV", () => {
  it("keeps commas, quotes and line breaks inside their cell, and reads back as written", () => {
    const hostile = [
      '"quoted",comma@example.org',
      '=HYPERLINK("http://x")@example.org',
      "line\nbreak@example.org",
    ];
    const rows = parse(subscribersCsv(hostile.map(subscriber)), { bom: true, columns: true }) as Record<
      string,
      string
    >[];
    expect(rows.map((row) => row.email)).toEqual([hostile[0], `'${hostile[1]}`, hostile[2]]);
    expect(rows[0]).toMatchObject({ status: "confirmed", requested: "2026-01-02" });
  });

  it("writes its dates as the day in India, not in UTC", () => {
    // 01:48 IST on 28 November is still the 27th in UTC.
    const late = { ...subscriber("late@example.org"), changedAt: "2026-11-27T20:18:16.175Z" };
    const [row] = parse(subscribersCsv([late]), { bom: true, columns: true }) as Record<string, string>[];
    expect(row).toMatchObject({ requested: "2026-01-02", "last change": "2026-11-28" });
  });

  it("starts with a byte order mark, as the members' exports do, so Excel reads it as UTF-8", () => {
    expect(subscribersCsv([subscriber("renée@example.org")]).startsWith("\uFEFFemail,status")).toBe(true);
  });
});
