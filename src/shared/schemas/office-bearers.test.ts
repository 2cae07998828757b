import { describe, expect, it } from "vitest";
import { officeBearersSchema } from "./office-bearers.ts";

const base = {
  years: ["2027-2028", "2025-2026"],
  terms: { "2025-2026": [{ title: "President", name: "Dr. Sample Person" }] },
};
const RESULTS = "/elections/5f0c7d1e-3a52-4b8e-9c61-2d7e4f0a9b13/results";

describe("the office bearers' content", () => {
  it("takes a term's election results page, and no results at all", () => {
    expect(officeBearersSchema.safeParse(base).success).toBe(true);
    const parsed = officeBearersSchema.parse({ ...base, results: { "2027-2028": RESULTS } });
    expect(parsed.results).toEqual({ "2027-2028": RESULTS });
  });

  it("refuses a results link that is not an election's results page on this site", () => {
    for (const link of [
      "https://example.org/elections/x/results",
      "/elections/not-an-id/results",
      `${RESULTS}/x`,
    ]) {
      const parsed = officeBearersSchema.safeParse({ ...base, results: { "2027-2028": link } });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(
        "must be an election's results page on this site, like /elections/…/results",
      );
    }
  });

  it("refuses results for a term the list does not have", () => {
    const parsed = officeBearersSchema.safeParse({ ...base, results: { "2029-2030": RESULTS } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("every term with results must be one of the listed years");
  });
});
