import { z } from "../zod.ts";
import { assetUrl, line, paragraph } from "./common.ts";
import { shortText } from "./rich-text.ts";

/** The society's awards (content/awards.yaml). */
export const awardsSchema = z.strictObject({
  intro: paragraph,
  awards: z
    .array(
      z.strictObject({
        id: z.string().regex(/^[a-z][a-z0-9-]*$/),
        name: line,
        /** A paragraph in the YAML, Rich Text in Contentful: a Rich Text document either way. */
        summary: shortText,
        frequency: z.enum(["annual", "biennial"]),
        recipients: z.array(
          z.strictObject({ name: line, affiliation: line, year: z.int().min(1941).max(2100) }),
        ),
        downloads: z.array(z.strictObject({ label: line, href: assetUrl })).min(1),
      }),
    )
    .length(9),
});
export type Awards = z.infer<typeof awardsSchema>;
export type Award = Awards["awards"][number];
