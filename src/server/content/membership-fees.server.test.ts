import { describe, expect, it } from "vitest";
import { membershipSchema } from "#shared/schemas/membership.ts";
import { describeEntryIssues } from "./entry-origins.server.ts";
import { type FeeEntry, feesFromEntries } from "./membership-fees.server.ts";
import { yamlContent } from "./page-content.server.ts";

const fee = (id: string, membershipType: string, from: string, amount?: number): FeeEntry => ({
  ref: { contentType: "membershipFee", id, title: membershipType },
  membershipType,
  from,
  amount,
});

const everyTypeOnce = ["1", "2", "3", "4", "registration"].map((type) => fee(`fee-${type}`, type, "2026-27"));

/** The repository's membership content with the fees of `entries`, as the Contentful mapping makes it. */
function membershipWith(entries: FeeEntry[], problems: string[] = []) {
  const membership = yamlContent()["membership.yaml"];
  return { ...membership, ...feesFromEntries(entries, membership, problems) };
}

describe("membership fees from Contentful", () => {
  it("are issue 33's schedules by type, oldest year first, an empty amount to be announced", () => {
    const membership = membershipSchema.parse(
      membershipWith([
        ...everyTypeOnce.filter((entry) => !["1", "2"].includes(String(entry.membershipType))),
        fee("ordinary-2027", "1", "2027-28", 1200),
        fee("ordinary-2026", "1", "2026-27", 1000),
        fee("life-2026", "2", "2026-27", 12_000),
        fee("life-2027", "2", "2027-28", 14_400),
      ]),
    );
    expect(membership.types.find((type) => type.value === "1")?.fees).toEqual([
      { from: "2026-27", amount: 1000 },
      { from: "2027-28", amount: 1200 },
    ]);
    expect(membership.fees.registration).toEqual([{ from: "2026-27", amount: "TBA" }]);
    // Everything else is the repository's rules, untouched.
    const { fees, types, ...rest } = yamlContent()["membership.yaml"];
    expect(membership).toMatchObject(rest);
    expect(membership.fees.lifeInAnnualSubscriptions).toBe(fees.lifeInAnnualSubscriptions);
    expect(membership.types.map(({ value, label, rule }) => ({ value, label, rule }))).toEqual(
      types.map(({ value, label, rule }) => ({ value, label, rule })),
    );
  });

  it("name the entry of a type the site does not know, a year given twice, a life fee out of step", () => {
    const problems: string[] = [];
    const raw = membershipWith(
      [
        ...everyTypeOnce.filter((entry) => entry.membershipType !== "2"),
        fee("fee-5", "5", "2026-27"),
        fee("life", "2", "2026-27", 9),
        fee("again", "2", "2026-27", 9),
      ],
      problems,
    );
    const result = membershipSchema.safeParse(raw);
    expect(result.success).toBe(false);
    expect(problems).toEqual([
      'Contentful membershipFee entry fee-5 ("5"): membershipType: "5" is not a membership type: give 1, 2, 3, 4 or registration',
    ]);
    expect(describeEntryIssues(raw, result.error?.issues ?? [])).toEqual([
      'Contentful membershipFee entry again ("2"): from: the entries must be in year order, each year once',
    ]);
  });

  it("need every type, and name the one that has none", () => {
    const raw = membershipWith(everyTypeOnce.filter((entry) => entry.membershipType !== "3"));
    const result = membershipSchema.safeParse(raw);
    expect(describeEntryIssues(raw, result.error?.issues ?? [])).toEqual([
      "Contentful: the Membership fee entries of type 3: give at least one fee, from its first financial year",
    ]);
  });

  it("keep the life fee twelve Ordinary subscriptions in every year either changes", () => {
    const raw = membershipWith([
      ...everyTypeOnce.filter((entry) => !["1", "2"].includes(String(entry.membershipType))),
      fee("ordinary", "1", "2026-27", 1000),
      fee("life", "2", "2026-27", 11_000),
    ]);
    const result = membershipSchema.safeParse(raw);
    expect(describeEntryIssues(raw, result.error?.issues ?? [])).toEqual([
      "Contentful: the Membership fee entries: from 2026-27 the life fee must be 12 annual subscriptions: 12000",
    ]);
  });
});
