import { describe, expect, it } from "vitest";
import { lcpSpread, median, mediansOf3, shareOver } from "./lcp-ratios.ts";

const run = (file: string, route: string, copy: "js" | "no-js", index: number, lcp: number) => ({
  file,
  route,
  site: "react",
  copy,
  throttling: "devtools" as const,
  run: index,
  lcp,
});

describe("median", () => {
  it("takes the middle value, and of an even count the upper middle, as bench:lighthouse does", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(3);
  });
});

describe("mediansOf3", () => {
  it("gives one median for each choice of three values", () => {
    expect(mediansOf3([1, 2, 3, 4]).sort()).toEqual([2, 2, 3, 3]);
    expect(mediansOf3([1, 2])).toEqual([]);
  });
});

describe("shareOver", () => {
  it("counts the pairs of medians of 3 whose ratio is over the limit", () => {
    // With scripts: every median of 3 is 120. Without: medians 100 (1 choice of 4) or 110 (3).
    // 120 / 100 = 1.2 is over 1.10; 120 / 110 = 1.09 is not.
    expect(shareOver([120, 120, 120], [100, 100, 110, 110], 1.1)).toBe(0.5);
    expect(shareOver([100, 100, 100], [100, 100, 100], 1.1)).toBe(0);
  });

  it("does not count a ratio of exactly the limit, which the gate passes", () => {
    expect(shareOver([110, 110, 110], [100, 100, 100], 1.1)).toBe(0);
  });

  it("has no share when a side has fewer than 3 runs", () => {
    expect(shareOver([120, 120], [100, 100, 100], 1.1)).toBeUndefined();
  });
});

describe("lcpSpread", () => {
  it("pools the files and pairs each run with its copy's run of the same file only", () => {
    const rows = lcpSpread([
      run("a", "/", "js", 1, 1100),
      run("a", "/", "no-js", 1, 1000),
      run("a", "/", "js", 2, 1300),
      run("a", "/", "no-js", 2, 1000),
      run("b", "/", "js", 1, 1000),
      run("b", "/", "no-js", 1, 1000),
      run("b", "/", "js", 2, 900),
      // b's run 2 has no copy beside it: it counts in the medians, not in the pairs.
    ]);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.runs).toEqual({ js: 4, noJs: 3 });
    expect(row?.median).toEqual({ js: 1100, noJs: 1000 });
    expect(row?.ratioOfMedians).toBeCloseTo(1.1);
    expect(row?.medianPairedRatio).toBeCloseTo(1.1); // of 1.1, 1.3 and 1.0
  });

  it("leaves out other throttlings, other builds and pages measured on one side only", () => {
    const rows = lcpSpread([
      run("a", "/", "js", 1, 1000),
      { ...run("a", "/", "no-js", 1, 500), throttling: "simulate" },
      { ...run("a", "/", "no-js", 1, 500), site: "preact" },
      run("a", "/login", "js", 1, 1000),
      run("a", "/login", "no-js", 1, 1000),
    ]);
    expect(rows.map((row) => row.route)).toEqual(["/login"]);
  });
});
