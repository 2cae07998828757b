import { describe, expect, it } from "vitest";
import { foldText, matchesTerms, queryTerms } from "./search-text.ts";

describe("instant search text", () => {
  it("ignores case, accents and extra spaces", () => {
    expect(foldText("  Renée   IYER ")).toBe("renee iyer");
    expect(matchesTerms(foldText("Dr. Renée Iyer Chennai"), queryTerms("renee  chen"))).toBe(true);
  });

  it("needs every word of the query", () => {
    const folded = foldText("Dr. Asha Rao Punjab Agricultural University Ludhiana Punjab");
    expect(matchesTerms(folded, queryTerms("asha ludhiana"))).toBe(true);
    expect(matchesTerms(folded, queryTerms("asha kerala"))).toBe(false);
    expect(matchesTerms(folded, queryTerms(""))).toBe(true);
  });
});
