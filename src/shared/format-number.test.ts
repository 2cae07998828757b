import { describe, expect, it } from "vitest";
import { formatIndianNumber } from "./format-number.ts";

describe("formatIndianNumber", () => {
  it.each([
    0, 7, 99, 100, 999, 1000, 2100, 12_345, 99_999, 100_000, 1_234_567, 10_00_000, 98_76_54_321, -4_500,
  ])("writes %d as toLocaleString('en-IN') does", (value) => {
    expect(formatIndianNumber(value)).toBe(value.toLocaleString("en-IN"));
  });

  it("rounds a fraction to a whole number", () => {
    expect(formatIndianNumber(1_499.6)).toBe("1,500");
  });
});
