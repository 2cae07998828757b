import { z } from "../zod.ts";
import { externalUrl, line, paragraph } from "./common.ts";

/** Society facts read by every page (content/site.yaml). */
export const siteSchema = z.strictObject({
  name: line,
  shortName: line,
  url: externalUrl,
  description: paragraph,
  founded: z.strictObject({ month: line, year: z.int().min(1900).max(2100) }),
  registered: z.strictObject({ year: z.int().min(1900).max(2100), act: line }),
  /** Figures as the old home page stated them ("more than ..."). */
  membershipHighlights: z.strictObject({
    members: z.int().positive(),
    lifeMembers: z.int().positive(),
    foreignMembers: z.int().positive(),
    honoraryFellows: z.int().positive(),
  }),
  /** Exact figures as the old About page stated them. */
  membership: z.strictObject({
    members: z.int().positive(),
    lifeMembers: z.int().positive(),
    annualMembers: z.int().positive(),
  }),
  journal: z.strictObject({
    name: line,
    url: externalUrl,
    impactFactor: z.number().positive(),
    issuesPerYear: z.int().positive(),
    frequency: line,
    months: z.array(line).min(1),
  }),
  counters: z.array(z.strictObject({ label: line, value: z.int().nonnegative() })).length(4),
  publisher: z.strictObject({ name: line, url: externalUrl }),
  copyrightSince: z.int().min(1990).max(2100),
});
export type Site = z.infer<typeof siteSchema>;
