import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  addYears,
  dayInIndia,
  financialYearEnd,
  financialYearFromLabel,
  financialYearLabel,
  financialYearOf,
  financialYearStart,
} from "./calendar.ts";

describe("the financial year (April to March)", () => {
  it.each([
    ["2026-03-31", 2025],
    ["2026-04-01", 2026],
    ["2026-12-31", 2026],
    ["2027-01-01", 2026],
    ["2027-03-31", 2026],
    ["2027-04-01", 2027],
  ])("%s falls in the year starting %i", (day, year) => {
    expect(financialYearOf(day, 4)).toBe(year);
  });

  it("starts on 1 April and ends on 31 March, named by both years", () => {
    expect(financialYearStart(2026, 4)).toBe("2026-04-01");
    expect(financialYearEnd(2026, 4)).toBe("2027-03-31");
    expect(financialYearLabel(2026, 4)).toBe("2026-27");
    expect(financialYearLabel(2099, 4)).toBe("2099-00");
    expect(financialYearFromLabel("2026-27", 4)).toBe(2026);
    expect(financialYearFromLabel("2026-28", 4)).toBeNull();
    expect(financialYearFromLabel("L1", 4)).toBeNull();
  });

  it("takes the date in India, whatever the instant's UTC date", () => {
    // 31 March 2026, 19:00 UTC is already 1 April in India.
    expect(dayInIndia(new Date("2026-03-31T19:00:00Z"))).toBe("2026-04-01");
    expect(dayInIndia(new Date("2026-03-31T18:29:59Z"))).toBe("2026-03-31");
  });
});

describe("adding months and years to a day", () => {
  it("keeps the date, or takes the month's last day when the month is shorter", () => {
    expect(addMonths("2026-04-01", 3)).toBe("2026-07-01");
    expect(addMonths("2026-04-30", 3)).toBe("2026-07-30");
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonths("2026-11-15", 3)).toBe("2027-02-15");
    expect(addMonths("2026-03-15", -3)).toBe("2025-12-15");
  });

  it("handles 29 February: a year later is 28 February, four years later 29 February", () => {
    expect(addYears("2028-02-29", 1)).toBe("2029-02-28");
    expect(addYears("2028-02-29", 4)).toBe("2032-02-29");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-02-28", 1)).toBe("2027-03-01");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
  });

  it("refuses what is not a day", () => {
    expect(() => addDays("2026-13-01", 1)).toThrow();
  });
});
