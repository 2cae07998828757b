import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { membershipSchema } from "./membership.ts";

const content = parse(readFileSync("content/membership.yaml", "utf8"));
const withTypes = (fees: Record<string, number | string>) => ({
  ...content,
  types: content.types.map((type: { value: string }) => ({ ...type, fee: fees[type.value] ?? "TBA" })),
});

describe("the membership rules in the content", () => {
  it("give every type of the form one rule, and mark unknown figures as TBA placeholders", () => {
    const membership = membershipSchema.parse(content);
    expect(membership.types.map(({ value, rule }) => [value, rule])).toEqual([
      ["2", "life"],
      ["1", "financial-year"],
      ["3", "financial-year"],
      ["4", "single"],
    ]);
    expect(membership.calendar.financialYearStartMonth).toBe(4);
  });

  it("take figures in rupees, with the life fee twelve Ordinary subscriptions", () => {
    expect(membershipSchema.safeParse(withTypes({ "1": 1000, "2": 12_000 })).success).toBe(true);
    expect(membershipSchema.safeParse(withTypes({ "1": 1000, "2": 10_000 })).success).toBe(false);
    expect(membershipSchema.safeParse(withTypes({ "1": 0 })).success).toBe(false);
    expect(membershipSchema.safeParse(withTypes({ "1": "to be announced" })).success).toBe(false);
  });

  it("refuse a type missing or given twice", () => {
    expect(membershipSchema.safeParse({ ...content, types: content.types.slice(1) }).success).toBe(false);
    expect(
      membershipSchema.safeParse({ ...content, types: [...content.types, content.types[0]] }).success,
    ).toBe(false);
  });
});
