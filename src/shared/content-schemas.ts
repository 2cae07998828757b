import { aboutSchema } from "./schemas/about.ts";
import { awardsSchema } from "./schemas/awards.ts";
import { congressSchema } from "./schemas/congress.ts";
import { contactPageSchema } from "./schemas/contact-page.ts";
import { councilSchema } from "./schemas/council.ts";
import { editorialBoardSchema } from "./schemas/editorial-board.ts";
import { membershipSchema } from "./schemas/membership.ts";
import { officeBearersSchema } from "./schemas/office-bearers.ts";
import { privacySchema } from "./schemas/privacy.ts";
import { rulesSchema } from "./schemas/rules.ts";
import { siteSchema } from "./schemas/site.ts";
import type { z } from "./zod.ts";

/**
 * Every YAML file under content/ and the schema it must satisfy. The build refuses a content
 * file that is missing here or fails its schema, naming the file and the field.
 */
export const contentSchemas = {
  "site.yaml": siteSchema,
  "about.yaml": aboutSchema,
  "rules.yaml": rulesSchema,
  "office-bearers.yaml": officeBearersSchema,
  "executive-council.yaml": councilSchema,
  "editorial-board.yaml": editorialBoardSchema,
  "awards.yaml": awardsSchema,
  "congress.yaml": congressSchema,
  "contact.yaml": contactPageSchema,
  "membership.yaml": membershipSchema,
  "privacy.yaml": privacySchema,
} satisfies Record<string, z.ZodType>;

export type ContentFile = keyof typeof contentSchemas;
export type ContentOf<F extends ContentFile> = z.output<(typeof contentSchemas)[F]>;
export const contentFiles = Object.keys(contentSchemas) as ContentFile[];
