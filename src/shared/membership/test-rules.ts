import type { MembershipRules } from "../schemas/membership.ts";

/**
 * The constitution's calendar with figures for the sums, for the membership modules' tests (the
 * content's fees are still to be announced).
 */
export const TEST_RULES: MembershipRules = {
  fees: {
    registration: [{ from: "2026-27", amount: 200 }],
    lifeInAnnualSubscriptions: 12,
    lifeInstalments: 3,
    lifeInstalmentMonths: 12,
  },
  types: [
    { value: "2", label: "Life Member", rule: "life", fees: [{ from: "2026-27", amount: 12_000 }] },
    {
      value: "1",
      label: "Ordinary Member",
      rule: "financial-year",
      fees: [{ from: "2026-27", amount: 1000 }],
    },
    {
      value: "3",
      label: "Corporate Member (Annual)",
      rule: "financial-year",
      fees: [{ from: "2026-27", amount: 5000 }],
    },
    {
      value: "4",
      label: "Corporate Member (Single Copy)",
      rule: "single",
      fees: [{ from: "2026-27", amount: 800 }],
    },
    { value: "5", label: "Honorary Member", rule: "honorary" },
  ],
  calendar: {
    financialYearStartMonth: 4,
    reminderWithinMonths: 1,
    removalMonthsAfterReminder: 3,
    lapseAfterYearsInArrears: 1,
    lateJoiningMonths: 3,
  },
};
