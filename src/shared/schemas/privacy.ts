import { privacyNoticeVersion } from "../privacy-notice.ts";
import { z } from "../zod.ts";
import { line, paragraph } from "./common.ts";

const anchor = z.string().regex(/^[a-z][a-z0-9-]*$/, "must be a lowercase anchor like what-we-collect");

/**
 * The privacy notice (content/privacy.yaml). Its `version` must be the one every application
 * records (src/shared/privacy-notice.ts): a notice reworded without both changing fails the build.
 */
export const privacySchema = z.strictObject({
  version: z.literal(
    privacyNoticeVersion,
    `must be ${privacyNoticeVersion}, the version in src/shared/privacy-notice.ts (change both together)`,
  ),
  description: paragraph,
  intro: paragraph,
  sections: z
    .array(
      z
        .strictObject({
          id: anchor,
          title: line,
          paragraphs: z.array(paragraph).default([]),
          items: z.array(paragraph).optional(),
        })
        .refine((section) => section.paragraphs.length > 0 || (section.items?.length ?? 0) > 0, {
          message: "a section needs paragraphs or items",
        }),
    )
    .min(1)
    .refine(
      (sections) => new Set(sections.map((s) => s.id)).size === sections.length,
      "section ids must be unique",
    ),
});
export type PrivacyNotice = z.infer<typeof privacySchema>;
