import { z } from "../zod.ts";
import { line, paragraph, publicPath } from "./common.ts";

/** The society's awards (content/awards.yaml). */
export const awardsSchema = z.strictObject({
  intro: paragraph,
  awards: z
    .array(
      z.strictObject({
        id: z.string().regex(/^[a-z][a-z0-9-]*$/),
        name: line,
        summary: paragraph,
        frequency: z.enum(["annual", "biennial"]),
        recipients: z.array(
          z.strictObject({ name: line, affiliation: line, year: z.int().min(1941).max(2100) }),
        ),
        downloads: z.array(z.strictObject({ label: line, href: publicPath })).min(1),
      }),
    )
    .length(9),
});
export type Awards = z.infer<typeof awardsSchema>;
export type Award = Awards["awards"][number];
