import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { membershipSchema } from "./membership.ts";

const content = parse(readFileSync("content/membership.yaml", "utf8"));
/** The content with these figures from 2026-27 on (a type not named keeps "TBA"; honorary has none). */
const withTypes = (fees: Record<string, number | string>) => ({
  ...content,
  types: content.types.map((type: { value: string; rule: string }) =>
    type.rule === "honorary"
      ? type
      : { ...type, fees: [{ from: "2026-27", amount: fees[type.value] ?? "TBA" }] },
  ),
});
const withSchedules = (schedules: Record<string, { from: string; amount: number | string }[]>) => ({
  ...content,
  types: content.types.map((type: { value: string; fees: unknown }) => ({
    ...type,
    fees: schedules[type.value] ?? type.fees,
  })),
});

describe("the membership rules in the content", () => {
  it("give every type of the form one rule, and mark unknown figures as TBA placeholders", () => {
    const membership = membershipSchema.parse(content);
    expect(membership.types.map(({ value, rule }) => [value, rule])).toEqual([
      ["2", "life"],
      ["1", "financial-year"],
      ["3", "financial-year"],
      ["4", "single"],
      ["5", "honorary"],
    ]);
    expect(membership.calendar.financialYearStartMonth).toBe(4);
  });

  it("take figures in rupees, with the life fee twelve Ordinary subscriptions", () => {
    expect(membershipSchema.safeParse(withTypes({ "1": 1000, "2": 12_000 })).success).toBe(true);
    expect(membershipSchema.safeParse(withTypes({ "1": 1000, "2": 10_000 })).success).toBe(false);
    expect(membershipSchema.safeParse(withTypes({ "1": 0 })).success).toBe(false);
    expect(membershipSchema.safeParse(withTypes({ "1": "to be announced" })).success).toBe(false);
  });

  it("give each type and the registration fee as a schedule, every figure to be announced as shipped", () => {
    const membership = membershipSchema.parse(content);
    expect(membership.fees.registration).toEqual([{ from: "2026-27", amount: "TBA" }]);
    for (const type of membership.types)
      expect(type.fees).toEqual(type.rule === "honorary" ? undefined : [{ from: "2026-27", amount: "TBA" }]);
  });

  it("take a fee change from a later year, the life fee twelve Ordinary subscriptions in each year", () => {
    const ordinary = [
      { from: "2026-27", amount: 1000 },
      { from: "2028-29", amount: 1200 },
    ];
    const life = [
      { from: "2026-27", amount: 12_000 },
      { from: "2028-29", amount: 14_400 },
    ];
    expect(membershipSchema.safeParse(withSchedules({ "1": ordinary, "2": life })).success).toBe(true);
    const stale = [{ from: "2026-27", amount: 12_000 }];
    expect(membershipSchema.safeParse(withSchedules({ "1": ordinary, "2": stale })).success).toBe(false);
  });

  it("refuse a schedule out of order, empty, or with a year that is no financial year", () => {
    const outOfOrder = [
      { from: "2028-29", amount: 1200 },
      { from: "2026-27", amount: 1000 },
    ];
    for (const fees of [
      outOfOrder,
      [],
      [{ from: "2026-28", amount: 1000 }],
      [{ from: "2026", amount: 1000 }],
    ])
      expect(membershipSchema.safeParse(withSchedules({ "3": fees })).success, JSON.stringify(fees)).toBe(
        false,
      );
  });

  it("take honorary members as paying nothing: a rule of their own, with no fee", () => {
    const honorary = (change: Record<string, unknown>) => ({
      ...content,
      types: content.types.map((type: { value: string }) =>
        type.value === "5" ? { ...type, ...change } : type,
      ),
    });
    expect(membershipSchema.safeParse(honorary({})).success).toBe(true);
    expect(membershipSchema.safeParse(honorary({ fees: [{ from: "2026-27", amount: 100 }] })).success).toBe(
      false,
    );
    expect(membershipSchema.safeParse(honorary({ rule: "life" })).success).toBe(false);
    const unpriced = {
      ...content,
      types: content.types.map(({ fees, ...type }: { value: string; fees?: unknown }) =>
        type.value === "1" ? type : { ...type, ...(fees ? { fees } : {}) },
      ),
    };
    expect(membershipSchema.safeParse(unpriced).success).toBe(false);
  });

  it("refuse a type missing or given twice", () => {
    expect(membershipSchema.safeParse({ ...content, types: content.types.slice(1) }).success).toBe(false);
    expect(
      membershipSchema.safeParse({ ...content, types: [...content.types, content.types[0]] }).success,
    ).toBe(false);
  });
});
