import { z } from "../zod.ts";
import { externalUrl, line, paragraph, publicPath } from "./common.ts";

/** The congress page (content/congress.yaml). */
export const congressSchema = z.strictObject({
  title: line,
  description: paragraph,
  about: z.array(paragraph).min(1),
  brochure: z.strictObject({ href: publicPath, label: line }),
  registrationUrl: externalUrl,
  /** The slug of the congress's event (content/events/ or Contentful): its dates, venue and calendar file. */
  event: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be an event's slug"),
});
export type Congress = z.infer<typeof congressSchema>;
