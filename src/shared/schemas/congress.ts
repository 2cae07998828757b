import { z } from "../zod.ts";
import { externalUrl, line, paragraph, publicPath } from "./common.ts";

/** The congress page (content/congress.yaml). */
export const congressSchema = z.strictObject({
  title: line,
  description: paragraph,
  about: z.array(paragraph).min(1),
  brochure: z.strictObject({ href: publicPath, label: line }),
  registrationUrl: externalUrl,
});
export type Congress = z.infer<typeof congressSchema>;
