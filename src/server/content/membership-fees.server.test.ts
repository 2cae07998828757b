import { describe, expect, it } from "vitest";
import { feeScheduleSchema } from "#shared/schemas/fee-schedule.ts";
import { describeIssues } from "./entry-origins.server.ts";
import { type FeeEntry, feeScheduleFromEntries } from "./membership-fees.server.ts";

const fee = (id: string, membershipType: string, from: string, amount?: number): FeeEntry => ({
  ref: { contentType: "membershipFee", id, title: membershipType },
  membershipType,
  from,
  amount,
});

const everyTypeOnce = ["1", "2", "3", "4", "registration"].map((type) => fee(`fee-${type}`, type, "2026-27"));

describe("membership fees from Contentful", () => {
  it("are a schedule by type, oldest year first, an empty amount to be announced", () => {
    const schedule = feeScheduleSchema.parse(
      feeScheduleFromEntries([
        ...everyTypeOnce.filter((entry) => entry.membershipType !== "1"),
        fee("ordinary-2027", "1", "2027-28", 1200),
        fee("ordinary-2026", "1", "2026-27", 1000),
      ]),
    );
    expect(schedule.types.find((type) => type.value === "1")?.fees).toEqual([
      { from: "2026-27", amount: 1000 },
      { from: "2027-28", amount: 1200 },
    ]);
    expect(schedule.registration).toEqual([{ from: "2026-27", amount: "TBA" }]);
  });

  it("name the entry of a type the site does not know, and a year given twice", () => {
    const raw = feeScheduleFromEntries([
      ...everyTypeOnce,
      fee("fee-5", "5", "2026-27"),
      fee("again", "2", "2026-27", 9),
    ]);
    const result = feeScheduleSchema.safeParse(raw);
    expect(result.success).toBe(false);
    expect(describeIssues(raw, result.error?.issues ?? [])).toEqual([
      'Contentful membershipFee entry again ("2"): from: must come after 2026-27: each year once, oldest first',
      'Contentful membershipFee entry fee-5 ("5"): membershipType: Invalid option: expected one of "1"|"2"|"3"|"4"',
    ]);
  });

  it("need every type", () => {
    const raw = feeScheduleFromEntries(everyTypeOnce.filter((entry) => entry.membershipType !== "3"));
    const result = feeScheduleSchema.safeParse(raw);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["needs at least one amount"]);
  });
});
