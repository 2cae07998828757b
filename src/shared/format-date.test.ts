import { describe, expect, it } from "vitest";
import {
  formatDay,
  formatIndianDateTime,
  formatNewsDate,
  formatWeekdayAndDay,
  todayInIndia,
} from "#shared/format-date.ts";

describe("formatNewsDate", () => {
  it("shows a UTC instant as the date and time in India", () => {
    expect(formatNewsDate("2026-03-14T05:00:00.000Z", "none")).toEqual({
      date: "14 March 2026",
      time: "10:30 am",
    });
    expect(formatNewsDate("2026-12-31T20:15:00.000Z", "none")).toEqual({
      date: "1 January 2027",
      time: "1:45 am",
    });
    expect(formatNewsDate("2026-06-01T06:30:00.000Z", "none")).toEqual({
      date: "1 June 2026",
      time: "12:00 pm",
    });
    expect(formatNewsDate("2026-06-01T18:30:00.000Z", "none")).toEqual({
      date: "2 June 2026",
      time: "12:00 am",
    });
  });

  it("shows a bare date without a time", () => {
    expect(formatNewsDate("2025-08-09", "none")).toEqual({ date: "9 August 2025", time: null });
  });

  it("falls back when there is no date or it cannot be read", () => {
    expect(formatNewsDate(null, "No date available")).toEqual({ date: "No date available", time: null });
    expect(formatNewsDate("soon", "No date available")).toEqual({ date: "No date available", time: null });
  });
});

describe("todayInIndia", () => {
  it("is the date in India, which is already tomorrow between 00:00 and 05:30 IST", () => {
    expect(todayInIndia(new Date("2026-11-26T18:29:59Z"))).toBe("2026-11-26");
    expect(todayInIndia(new Date("2026-11-26T18:30:00Z"))).toBe("2026-11-27");
    expect(todayInIndia(new Date("2026-11-26T23:59:00Z"))).toBe("2026-11-27");
  });
});

describe("formatIndianDateTime", () => {
  it("writes an instant as the date and time in India, marked IST, never UTC", () => {
    expect(formatIndianDateTime("2026-11-26T20:15:00.000Z")).toBe("27 November 2026, 1:45 am IST");
    expect(formatIndianDateTime("2026-03-14T05:00:00.000Z")).toBe("14 March 2026, 10:30 am IST");
    expect(formatIndianDateTime("not a time")).toBe("");
  });
});

describe("formatDay and formatWeekdayAndDay", () => {
  it("write a calendar day the same in any time zone, and leave what is no day as it is", () => {
    expect(formatDay("2026-12-04")).toBe("4 December 2026");
    expect(formatWeekdayAndDay("2026-12-04T18:00")).toBe("Friday, 4 December 2026");
    expect(formatDay("soon")).toBe("soon");
  });
});
