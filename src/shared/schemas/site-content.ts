/**
 * The whole of the content the society edits, as one validated object: what the server's content
 * source (src/server/content/) gives the pages, read from content/*.yaml or from Contentful. Both
 * sources are checked by this one schema.
 *
 * It differs from the per-file YAML schemas in three ways. Long prose is Rich Text
 * (about's history, each rule, the congress text, each award's summary); files are URLs, which are
 * site paths for the YAML and https addresses on Contentful's CDN; membership fees are a schedule
 * by financial year (./fee-schedule.ts). The payment QR code is not content: it is made from the
 * UPI details, so it can never show an old payee.
 */
import { z } from "../zod.ts";
import { aboutSchema } from "./about.ts";
import { awardsSchema } from "./awards.ts";
import { externalUrl, line, paragraph } from "./common.ts";
import { congressSchema } from "./congress.ts";
import { contactPageSchema } from "./contact-page.ts";
import { councilSchema } from "./council.ts";
import { editorialBoardSchema } from "./editorial-board.ts";
import { feeScheduleSchema } from "./fee-schedule.ts";
import { membershipSchema } from "./membership.ts";
import { officeBearersSchema } from "./office-bearers.ts";
import { richTextSchema } from "./rich-text.ts";
import { siteSchema } from "./site.ts";

/** A file's address: a site path (content/ and public/) or an https URL (Contentful's CDN). */
export const assetUrlSchema = z
  .string()
  .regex(/^(https:\/\/\S+|\/(?!\/)[a-z0-9/_.-]+)$/, "must be an https URL or a site path like /images/x.svg");

/** An image with its intrinsic size, so the page reserves its space before it loads. */
export const contentImageSchema = z.strictObject({
  src: assetUrlSchema,
  alt: line,
  width: z.int().positive(),
  height: z.int().positive(),
  caption: line.optional(),
});
export type ContentImage = z.infer<typeof contentImageSchema>;

/** A document to download, with the text its link shows. */
export const documentLinkSchema = z.strictObject({ label: line, href: assetUrlSchema });
export type DocumentLink = z.infer<typeof documentLinkSchema>;

const anchor = z.string().regex(/^[a-z][a-z0-9-]*$/, "must be a lowercase anchor like election-of-members");

const uniqueIds = <T extends { id: string }>(items: T[]) =>
  new Set(items.map((item) => item.id)).size === items.length;

export const aboutContentSchema = z.strictObject({
  description: aboutSchema.shape.description,
  history: richTextSchema,
  aims: aboutSchema.shape.aims,
  images: z.array(contentImageSchema).length(2),
});

export const rulesContentSchema = z.strictObject({
  description: paragraph,
  intro: paragraph,
  sections: z
    .array(z.strictObject({ id: anchor, title: line, body: richTextSchema }))
    .min(1)
    .refine(uniqueIds, "section ids must be unique"),
});

const awardShape = awardsSchema.shape.awards.element.shape;
export const awardsContentSchema = z.strictObject({
  intro: paragraph,
  awards: z
    .array(
      z.strictObject({
        id: awardShape.id,
        name: awardShape.name,
        summary: richTextSchema,
        frequency: awardShape.frequency,
        recipients: awardShape.recipients,
        downloads: z.array(documentLinkSchema).min(1),
      }),
    )
    .min(1)
    .refine(uniqueIds, "award ids must be unique"),
});

export const congressContentSchema = z.strictObject({
  title: congressSchema.shape.title,
  description: congressSchema.shape.description,
  about: richTextSchema,
  brochure: documentLinkSchema,
  registrationUrl: congressSchema.shape.registrationUrl,
  event: congressSchema.shape.event,
});

const membershipShape = membershipSchema.shape;
export const membershipContentSchema = z.strictObject({
  description: membershipShape.description,
  intro: membershipShape.intro,
  authorsNote: membershipShape.authorsNote,
  bank: membershipShape.bank,
  upi: membershipShape.upi,
  applicationForm: assetUrlSchema,
  pricingUrl: externalUrl,
  fees: feeScheduleSchema,
});

export const siteContentSchema = z.strictObject({
  site: siteSchema,
  about: aboutContentSchema,
  rules: rulesContentSchema,
  officeBearers: officeBearersSchema,
  council: councilSchema,
  editorialBoard: editorialBoardSchema,
  awards: awardsContentSchema,
  congress: congressContentSchema,
  contact: contactPageSchema,
  membership: membershipContentSchema,
});
export type SiteContent = z.infer<typeof siteContentSchema>;
export type AboutContent = SiteContent["about"];
export type RulesContent = SiteContent["rules"];
export type AwardsContent = SiteContent["awards"];
export type CongressContent = SiteContent["congress"];
export type MembershipContent = SiteContent["membership"];
