import { describe, expect, it } from "vitest";
import { numberInIndianWords, rupeesInWords } from "./amount-in-words.ts";

describe("amounts in words, the Indian way", () => {
  it.each([
    [0, "zero"],
    [7, "seven"],
    [15, "fifteen"],
    [20, "twenty"],
    [42, "forty-two"],
    [100, "one hundred"],
    [101, "one hundred one"],
    [999, "nine hundred ninety-nine"],
    [1000, "one thousand"],
    [1500, "one thousand five hundred"],
    [12_000, "twelve thousand"],
    [99_999, "ninety-nine thousand nine hundred ninety-nine"],
    [100_000, "one lakh"],
    [125_500, "one lakh twenty-five thousand five hundred"],
    [1_000_001, "ten lakh one"],
    [10_000_000, "one crore"],
    [123_456_789, "twelve crore thirty-four lakh fifty-six thousand seven hundred eighty-nine"],
    [1_000_000_000, "one hundred crore"],
  ])("writes %i as %s", (value, words) => {
    expect(numberInIndianWords(value)).toBe(words);
  });

  it("says the rupees as a receipt does", () => {
    expect(rupeesInWords(1500)).toBe("Rupees one thousand five hundred only");
  });

  it("refuses what is not a whole amount", () => {
    expect(() => numberInIndianWords(-1)).toThrow(RangeError);
    expect(() => numberInIndianWords(1.5)).toThrow(RangeError);
  });
});
