import { richTextFromParagraphs } from "../rich-text.ts";
import { z } from "../zod.ts";
import { line, paragraph } from "./common.ts";
import { richTextSchema } from "./rich-text.ts";

const anchor = z.string().regex(/^[a-z][a-z0-9-]*$/, "must be a lowercase anchor like election-of-members");

/**
 * One section of the rules: its text is `paragraphs` (and `items`, a bulleted list after them) in
 * the YAML, a Rich Text `body` in Contentful; either way the page gets a Rich Text `body`.
 */
const section = z
  .strictObject({
    id: anchor,
    title: line,
    paragraphs: z.array(paragraph).min(1).optional(),
    items: z.array(paragraph).optional(),
    body: richTextSchema.optional(),
  })
  .superRefine((value, context) => {
    if ((value.paragraphs === undefined) === (value.body === undefined))
      context.addIssue({
        code: "custom",
        path: ["paragraphs"],
        message: "give the section's text: paragraphs (and items), or a Rich Text body",
      });
    else if (value.body && value.items)
      context.addIssue({ code: "custom", path: ["items"], message: "a Rich Text body holds its own lists" });
  })
  .transform(({ id, title, paragraphs, items, body }) => ({
    id,
    title,
    body: body ?? richTextFromParagraphs(paragraphs ?? [], items),
  }));

/** The Constitution and Rules page (content/rules.yaml). */
export const rulesSchema = z.strictObject({
  description: paragraph,
  intro: paragraph,
  sections: z
    .array(section)
    .min(1)
    .refine(
      (sections) => new Set(sections.map((s) => s.id)).size === sections.length,
      "section ids must be unique",
    ),
});
export type Rules = z.infer<typeof rulesSchema>;
export type RulesSection = Rules["sections"][number];
