import { z } from "../zod.ts";
import { assetUrl, externalUrl, line, paragraph } from "./common.ts";
import { longText } from "./rich-text.ts";

/** The congress page (content/congress.yaml). */
export const congressSchema = z.strictObject({
  title: line,
  description: paragraph,
  /** Paragraphs in the YAML, Rich Text in Contentful: a Rich Text document either way. */
  about: longText,
  brochure: z.strictObject({ href: assetUrl, label: line }),
  registrationUrl: externalUrl,
  /** The slug of the congress's event (content/events/ or Contentful): its dates, venue and calendar file. */
  event: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be an event's slug"),
});
export type Congress = z.infer<typeof congressSchema>;
