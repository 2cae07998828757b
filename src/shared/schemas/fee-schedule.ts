/**
 * Membership fees as a schedule: each membership type, and the registration fee, has a list of
 * amounts, each applying from a financial year ("2026-27") until the next one in the list. An
 * amount is whole rupees or `TBA` (to be announced). Contentful holds one `membershipFee` entry per
 * step; the YAML (content/membership.yaml) holds the same list.
 *
 * This is the shape issue 34 hands to the fee model being reworked in
 * src/shared/schemas/membership.ts; when the two meet, one of them should import the other.
 */

import { TO_BE_ANNOUNCED } from "../membership/amount.ts";
import { MEMBERSHIP_TYPES } from "../membership/types.ts";
import { z } from "../zod.ts";

/** "2026-27": the financial year starting in 2026 (April to March). */
export const financialYearSchema = z
  .string()
  .regex(/^\d{4}-\d{2}$/, "must be a financial year like 2026-27")
  .refine(
    (label) => (Number(label.slice(0, 4)) + 1) % 100 === Number(label.slice(5)),
    "must be two consecutive years, like 2026-27",
  );

export const feeAmountSchema = z.union([z.int().positive().max(10_000_000), z.literal(TO_BE_ANNOUNCED)]);

export const feeStepSchema = z.strictObject({ from: financialYearSchema, amount: feeAmountSchema });
export type FeeStep = z.infer<typeof feeStepSchema>;

/** Steps in order of their years, each year once. */
const steps = z
  .array(feeStepSchema)
  .min(1, "needs at least one amount")
  .superRefine((list, context) => {
    list.forEach((step, index) => {
      const previous = list[index - 1];
      if (previous && previous.from >= step.from)
        context.addIssue({
          code: "custom",
          path: [index, "from"],
          message: `must come after ${previous.from}: each year once, oldest first`,
        });
    });
  });

export const MEMBERSHIP_TYPE_VALUES = MEMBERSHIP_TYPES.map((type) => type.value);

export const feeScheduleSchema = z
  .strictObject({
    registration: steps,
    types: z.array(
      z.strictObject({
        value: z.enum(MEMBERSHIP_TYPE_VALUES as [string, ...string[]]),
        fees: steps,
      }),
    ),
  })
  .superRefine(({ types }, context) => {
    for (const { value, label } of MEMBERSHIP_TYPES) {
      const count = types.filter((type) => type.value === value).length;
      if (count !== 1)
        context.addIssue({
          code: "custom",
          path: ["types"],
          message: `type ${value} (${label}) must have its fees listed exactly once, not ${count} times`,
        });
    }
  });
export type FeeSchedule = z.infer<typeof feeScheduleSchema>;
