import { z } from "../zod.ts";
import { image, line, paragraph } from "./common.ts";
import { longText } from "./rich-text.ts";

/** The About Society page (content/about.yaml). */
export const aboutSchema = z.strictObject({
  description: paragraph,
  /** Paragraphs in the YAML, Rich Text in Contentful: a Rich Text document either way. */
  history: longText,
  aims: z.strictObject({ intro: paragraph, items: z.array(line).length(5) }),
  images: z.array(image).length(2),
});
export type About = z.infer<typeof aboutSchema>;
