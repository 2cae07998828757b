import { describe, expect, it } from "vitest";
import { formatNewsDate } from "#shared/format-date.ts";
import { normalizeDate } from "./news-defaults.server.ts";

describe("normalizeDate", () => {
  it("keeps an instant as UTC", () => {
    expect(normalizeDate("2026-03-14T10:30:00+05:30")).toBe("2026-03-14T05:00:00.000Z");
    expect(normalizeDate("2026-03-14T00:01:00+05:30")).toBe("2026-03-13T18:31:00.000Z");
  });

  it("reads midnight written in the entry's own zone as a date with no time", () => {
    expect(normalizeDate("2026-04-01T00:00:00+05:30")).toBe("2026-04-01");
    expect(normalizeDate("2026-04-01T00:00+05:30")).toBe("2026-04-01");
    expect(normalizeDate("2026-04-01T00:00:00.000Z")).toBe("2026-04-01");
    expect(normalizeDate("2026-04-01T00:00")).toBe("2026-04-01");
    expect(formatNewsDate(normalizeDate("2025-03-11T00:00:00+05:30"), "none")).toEqual({
      date: "11 March 2025",
      time: null,
    });
  });

  it("keeps bare dates and refuses what cannot be read", () => {
    expect(normalizeDate("2025-08-09")).toBe("2025-08-09");
    expect(normalizeDate("2025-13-45T00:00:00Z")).toBeNull();
    expect(normalizeDate("soon")).toBeNull();
    expect(normalizeDate(null)).toBeNull();
  });
});
