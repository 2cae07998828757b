import { z } from "../zod.ts";
import { line } from "./common.ts";

const yearLabel = z.string().regex(/^\d{4}(-\d{4})?$/, "must be a year like 1960 or a range like 2020-2022");

/** Office bearers by term (content/office-bearers.yaml). */
export const officeBearersSchema = z
  .strictObject({
    /** Every term the society lists, newest first, each once. */
    years: z
      .array(yearLabel)
      .min(1)
      .refine((years) => new Set(years).size === years.length, "years must not repeat"),
    /** The terms whose office bearers are on record. */
    terms: z.record(
      yearLabel,
      z.array(z.strictObject({ title: line, name: z.string().trim().min(1).max(600) })).min(1),
    ),
  })
  .refine((data) => Object.keys(data.terms).every((year) => data.years.includes(year)), {
    message: "every term must be one of the listed years",
    path: ["terms"],
  });
export type OfficeBearers = z.infer<typeof officeBearersSchema>;
export type OfficeBearer = OfficeBearers["terms"][string][number];
