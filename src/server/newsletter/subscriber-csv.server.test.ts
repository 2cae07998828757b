import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { neutralised, subscribersCsv } from "./subscriber-csv.server.ts";
import type { Subscriber } from "./subscribers.server.ts";

const subscriber = (email: string): Subscriber => ({
  email,
  status: "subscribed",
  requestedAt: "2026-01-02T03:04:05.000Z",
  changedAt: "2026-01-03T03:04:05.000Z",
  segmentSynced: true,
});

describe("the subscribers' CSV", () => {
  it("neutralises every cell a spreadsheet would run as a formula", () => {
    for (const hostile of ["=1+1", "+91", "-2", "@SUM(A1)", "\t=1", "\r=1"])
      expect(neutralised(hostile)).toBe(`'${hostile}`);
    expect(neutralised("plain@example.org")).toBe("plain@example.org");
  });

  it("keeps commas, quotes and line breaks inside their cell, and reads back as written", () => {
    const hostile = [
      '"quoted",comma@example.org',
      '=HYPERLINK("http://x")@example.org',
      "line\nbreak@example.org",
    ];
    const rows = parse(subscribersCsv(hostile.map(subscriber)), { columns: true }) as Record<
      string,
      string
    >[];
    expect(rows.map((row) => row.email)).toEqual([hostile[0], `'${hostile[1]}`, hostile[2]]);
    expect(rows[0]).toMatchObject({ status: "confirmed", requested: "2026-01-02T03:04:05.000Z" });
  });
});
