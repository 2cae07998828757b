import { describe, expect, it } from "vitest";
import { feeInForce } from "./fees.ts";

const START = 4;

describe("a fee schedule: each amount applies to payments due from its financial year on", () => {
  const schedule = [
    { from: "2026-27", amount: 1000 },
    { from: "2028-29", amount: 1200 },
  ];

  it("gives the fee in force for a year", () => {
    expect(feeInForce(schedule, 2026, START)).toBe(1000);
    expect(feeInForce(schedule, 2027, START)).toBe(1000);
    expect(feeInForce(schedule, 2028, START)).toBe(1200);
    expect(feeInForce(schedule, 2035, START)).toBe(1200);
  });

  it("gives the first fee for a year before the schedule begins (nothing earlier is known)", () => {
    expect(feeInForce(schedule, 2020, START)).toBe(1000);
  });

  it("keeps 'to be announced' as it is, never a number", () => {
    expect(feeInForce([{ from: "2026-27", amount: "TBA" }], 2027, START)).toBe("TBA");
    expect(
      feeInForce(
        [
          { from: "2026-27", amount: "TBA" },
          { from: "2027-28", amount: 900 },
        ],
        2026,
        START,
      ),
    ).toBe("TBA");
  });

  it("reads the schedule in year order whatever order it is written in", () => {
    expect(feeInForce([...schedule].reverse(), 2027, START)).toBe(1000);
  });
});
