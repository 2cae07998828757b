/**
 * The script budget holds on the built site: no page's initial JavaScript passes the budget in
 * scripts/build/script-budget.ts (`npm run bench:size` prints the figures). Reads dist/ only: no browser.
 */
import { describe, expect, it } from "vitest";
import { measureBuild, SCRIPT_BUDGET_KB } from "../../scripts/build/script-budget.ts";

const { lines } = await measureBuild();

describe(`initial JavaScript stays within ${SCRIPT_BUDGET_KB} KB gzip`, () => {
  it("measures every kind of page", () => {
    expect(lines.map((line) => line.page)).toEqual(
      expect.arrayContaining(["/", "/about-us", "404 (unknown paths)"]),
    );
  });

  it.each(lines.map((line) => [line.page, line] as const))("%s", (_page, line) => {
    const problem = `${line.kb.toFixed(1)} KB${line.reasons.length ? `: ${line.reasons.join("; ")}` : ""}`;
    expect(line.ok, problem).toBe(true);
  });
});
