import { describe, expect, it } from "vitest";
import { PERIOD_ERRORS, readPeriod, yearSoFar } from "./export-period.server.ts";

const read = (from: string, to: string) => readPeriod(new URLSearchParams({ from, to }));

describe("the export's period", () => {
  it("defaults to the financial year so far, April to March", () => {
    expect(yearSoFar("2026-07-15", 4)).toEqual({ from: "2026-04-01", to: "2026-07-15" });
    expect(yearSoFar("2027-02-01", 4)).toEqual({ from: "2026-04-01", to: "2027-02-01" });
    expect(yearSoFar("2026-04-01", 4)).toEqual({ from: "2026-04-01", to: "2026-04-01" });
  });

  it("takes two real days in order, up to five years", () => {
    expect(read("2026-04-01", "2026-04-01")).toEqual({
      ok: true,
      period: { from: "2026-04-01", to: "2026-04-01" },
    });
    expect(read("2021-04-01", "2026-03-31").ok).toBe(true);
  });

  it("refuses a missing or malformed day beside its field", () => {
    expect(readPeriod(new URLSearchParams())).toMatchObject({
      ok: false,
      errors: { from: PERIOD_ERRORS.fromMissing, to: PERIOD_ERRORS.toMissing },
    });
    for (const bad of ["2026-02-30", "2026-13-01", "26-04-01", "2026-4-1", "tomorrow", "2026-04-01T00:00"])
      expect(read(bad, "2026-05-01")).toMatchObject({ ok: false, errors: { from: PERIOD_ERRORS.malformed } });
    expect(read("2026-04-01", "2026-04-31")).toMatchObject({
      ok: false,
      errors: { to: PERIOD_ERRORS.malformed },
    });
  });

  it("refuses a last day before the first, and a period over five years", () => {
    expect(read("2026-05-02", "2026-05-01")).toEqual({
      ok: false,
      values: { from: "2026-05-02", to: "2026-05-01" },
      errors: { to: PERIOD_ERRORS.order },
    });
    expect(read("2021-04-01", "2026-04-01")).toMatchObject({
      ok: false,
      errors: { to: PERIOD_ERRORS.tooLong },
    });
    expect(read("1900-01-01", "2026-04-01")).toMatchObject({
      ok: false,
      errors: { to: PERIOD_ERRORS.tooLong },
    });
  });
});
