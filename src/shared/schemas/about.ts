import { z } from "../zod.ts";
import { image, line, paragraph } from "./common.ts";

/** The About Society page (content/about.yaml). */
export const aboutSchema = z.strictObject({
  description: paragraph,
  history: z.array(paragraph).min(1),
  aims: z.strictObject({ intro: paragraph, items: z.array(line).length(5) }),
  images: z.array(image).length(2),
});
export type About = z.infer<typeof aboutSchema>;
