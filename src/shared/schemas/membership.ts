import { TO_BE_ANNOUNCED } from "../membership/amount.ts";
import { financialYearFromLabel } from "../membership/calendar.ts";
import { feeInForce } from "../membership/fees.ts";
import { HONORARY, MEMBERSHIP_TYPES } from "../membership/types.ts";
import { z } from "../zod.ts";
import { assetUrl, externalUrl, line, paragraph } from "./common.ts";

/** An amount in whole rupees, or `TBA`: a placeholder the society has not given a figure for. */
const fee = z.union([z.int().positive().max(10_000_000), z.literal(TO_BE_ANNOUNCED)]);
export type Fee = z.infer<typeof fee>;

/**
 * A fee over the years: each entry's amount applies to the payments due for its financial year
 * (`from`, "2026-27") and after, until the next entry; the entries in year order. A change is a new
 * entry, so a payment already asked for keeps its amount (src/shared/membership/fees.ts).
 */
const feeSchedule = z
  .array(
    z.strictObject({
      from: z.string().regex(/^\d{4}(-\d{2})?$/, "must be a financial year like 2026-27"),
      amount: fee,
    }),
  )
  .min(1, "give at least one fee, from its first financial year")
  .superRefine((entries, context) => {
    for (const [index, entry] of entries.entries())
      if (index > 0 && (entries[index - 1]?.from ?? "") >= entry.from)
        context.addIssue({
          code: "custom",
          path: [index, "from"],
          message: "the entries must be in year order, each year once",
        });
  });
export type FeeScheduleContent = z.infer<typeof feeSchedule>;

/**
 * How a membership type runs: for life, one financial year (April to March) at a time, one
 * payment, or honorary (nothing to pay, no end: decision 0051).
 */
export const MEMBERSHIP_RULES = ["life", "financial-year", "single", "honorary"] as const;
export type MembershipRule = (typeof MEMBERSHIP_RULES)[number];

/** The Ordinary subscription: the life fee is a number of these (the constitution's 'Fees'). */
const ORDINARY = "1";

const membershipTypes = z
  .array(
    z.strictObject({
      value: z.enum([HONORARY.value, ...MEMBERSHIP_TYPES.map((type) => type.value)] as [string, ...string[]]),
      label: line,
      rule: z.enum(MEMBERSHIP_RULES),
      // An honorary membership has no fee: it has no schedule.
      fees: feeSchedule.optional(),
    }),
  )
  .superRefine((types, context) => {
    for (const [index, type] of types.entries()) {
      const honorary = type.value === HONORARY.value;
      if (honorary !== (type.rule === "honorary"))
        context.addIssue({
          code: "custom",
          path: [index, "rule"],
          message: `rule: honorary belongs to type ${HONORARY.value} (${HONORARY.label}) alone`,
        });
      else if (honorary && type.fees)
        context.addIssue({
          code: "custom",
          path: [index, "fees"],
          message: "an honorary member pays nothing: give no fees",
        });
      else if (honorary && type.label !== HONORARY.label)
        context.addIssue({
          code: "custom",
          path: [index, "label"],
          message: `type ${HONORARY.value} must be labelled '${HONORARY.label}'`,
        });
      else if (!honorary && !type.fees)
        context.addIssue({
          code: "custom",
          path: [index, "fees"],
          message: "give at least one fee, from its first financial year",
        });
    }
    // Every type the enrolment form offers has its rule here, once, under the form's label.
    for (const { value, label } of MEMBERSHIP_TYPES) {
      const found = types.filter((type) => type.value === value);
      if (found.length !== 1)
        context.addIssue({ code: "custom", message: `type ${value} (${label}) must appear exactly once` });
      else if (found[0]?.label !== label)
        context.addIssue({ code: "custom", message: `type ${value} must be labelled '${label}'` });
    }
  });

/** The enrolment page's texts, the offline payment details and the membership rules (content/membership.yaml). */
export const membershipSchema = z
  .strictObject({
    description: paragraph,
    intro: paragraph,
    authorsNote: paragraph,
    bank: z.strictObject({
      accountName: line,
      bankName: line,
      accountNumber: z.string().regex(/^\d{9,18}$/, "must be 9 to 18 digits"),
      ifsc: z.string().regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, "must be an IFSC like ABCD0123456"),
      branchCode: line,
      swiftCode: z.string().regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/, "must be a SWIFT/BIC code"),
      location: line,
    }),
    upi: z.strictObject({
      address: z
        .string()
        .regex(/^[\w.-]{2,256}@[A-Za-z][\w.-]{1,63}$/, "must be a UPI address like name@bank"),
      payeeName: line,
    }),
    applicationForm: assetUrl,
    pricingUrl: externalUrl,
    fees: z.strictObject({
      registration: feeSchedule,
      lifeInAnnualSubscriptions: z.int().min(1).max(100),
      lifeInstalments: z.int().min(1).max(12),
      lifeInstalmentMonths: z.int().min(1).max(60),
    }),
    types: membershipTypes,
    calendar: z.strictObject({
      financialYearStartMonth: z.int().min(1).max(12),
      reminderWithinMonths: z.int().min(1).max(12),
      removalMonthsAfterReminder: z.int().min(1).max(12),
      lapseAfterYearsInArrears: z.int().min(1).max(10),
      /**
       * A first payment confirmed in the last this-many months of the financial year also covers
       * the next year (decision 0024); 0 for none.
       */
      lateJoiningMonths: z.int().min(0).max(11),
    }),
  })
  .superRefine(({ types, fees, calendar }, context) => {
    const start = calendar.financialYearStartMonth;
    const schedules = [
      { path: ["fees", "registration"], entries: fees.registration },
      ...types.map((type, index) => ({ path: ["types", index, "fees"], entries: type.fees ?? [] })),
    ];
    for (const { path, entries } of schedules)
      for (const [index, entry] of entries.entries())
        if (financialYearFromLabel(entry.from, start) === null)
          context.addIssue({
            code: "custom",
            path: [...path, index, "from"],
            message: `'${entry.from}' is not a financial year starting in month ${start}`,
          });
    const life = types.filter((type) => type.rule === "life");
    if (life.length !== 1)
      context.addIssue({ code: "custom", message: "exactly one type must have rule: life" });
    const ordinary = types.find((type) => type.value === ORDINARY)?.fees;
    const lifeFees = life[0]?.fees;
    if (!ordinary || !lifeFees) return;
    // In every year either fee changes, the life fee is the Ordinary subscriptions it stands for.
    for (const from of new Set([...ordinary, ...lifeFees].map((entry) => entry.from))) {
      const year = financialYearFromLabel(from, start);
      if (year === null) continue;
      const annual = feeInForce(ordinary, year, start);
      const lifeFee = feeInForce(lifeFees, year, start);
      if (typeof annual !== "number" || typeof lifeFee !== "number") continue;
      const expected = annual * fees.lifeInAnnualSubscriptions;
      if (lifeFee !== expected)
        context.addIssue({
          code: "custom",
          path: ["types"],
          message: `from ${from} the life fee must be ${fees.lifeInAnnualSubscriptions} annual subscriptions: ${expected}`,
        });
    }
  });
export type Membership = z.infer<typeof membershipSchema>;
/** The membership rules alone: what the status module needs. */
export type MembershipRules = Pick<Membership, "fees" | "types" | "calendar">;
