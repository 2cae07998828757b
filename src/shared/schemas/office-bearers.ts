import { z } from "../zod.ts";
import { line } from "./common.ts";

const yearLabel = z.string().regex(/^\d{4}(-\d{4})?$/, "must be a year like 1960 or a range like 2020-2022");

/**
 * The address of an online election's results page on this site (decision 0058): the office sets
 * it on the term of the Council that election chose, once that Council has taken office.
 */
export const electionResultsPath = z
  .string()
  .regex(
    /^\/elections\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/results$/,
    "must be an election's results page on this site, like /elections/…/results",
  );

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
    /** The terms whose Council was elected online: the results page of that election. */
    results: z.record(yearLabel, electionResultsPath).optional(),
  })
  .refine((data) => Object.keys(data.terms).every((year) => data.years.includes(year)), {
    message: "every term must be one of the listed years",
    path: ["terms"],
  })
  .refine((data) => Object.keys(data.results ?? {}).every((year) => data.years.includes(year)), {
    message: "every term with results must be one of the listed years",
    path: ["results"],
  });
export type OfficeBearers = z.infer<typeof officeBearersSchema>;
export type OfficeBearer = OfficeBearers["terms"][string][number];
