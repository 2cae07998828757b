import { z } from "../zod.ts";
import { line, paragraph } from "./common.ts";

const anchor = z.string().regex(/^[a-z][a-z0-9-]*$/, "must be a lowercase anchor like election-of-members");

/** The Constitution and Rules page (content/rules.yaml). */
export const rulesSchema = z.strictObject({
  description: paragraph,
  intro: paragraph,
  sections: z
    .array(
      z.strictObject({
        id: anchor,
        title: line,
        paragraphs: z.array(paragraph).min(1),
        items: z.array(paragraph).optional(),
      }),
    )
    .min(1)
    .refine(
      (sections) => new Set(sections.map((s) => s.id)).size === sections.length,
      "section ids must be unique",
    ),
});
export type Rules = z.infer<typeof rulesSchema>;
export type RulesSection = Rules["sections"][number];
