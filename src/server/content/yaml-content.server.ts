/**
 * The site content from content/*.yaml: the embedded default for `npm start`, the tests and a
 * fresh clone. Each file is checked by its own schema (src/shared/content-schemas.ts, as the build
 * checks it), then turned into the SiteContent shape: paragraphs become Rich Text documents, the
 * single fees a schedule.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "yaml";
import { type ContentFile, contentSchemas } from "#shared/content-schemas.ts";
import { type SiteContent, siteContentSchema } from "#shared/schemas/site-content.ts";
import type { z } from "#shared/zod.ts";
import { feeScheduleFromYaml } from "./membership-fees.server.ts";
import { SiteContentError } from "./site-content-error.server.ts";

type Parsed<F extends ContentFile> = z.infer<(typeof contentSchemas)[F]>;

async function readContentFile<F extends ContentFile>(directory: string, file: F): Promise<Parsed<F>> {
  const where = `content/${file}`;
  let data: unknown;
  try {
    data = parse(await readFile(path.join(directory, file), "utf8"), { prettyErrors: true });
  } catch (error) {
    throw new SiteContentError([`${where}: ${(error as Error).message}`]);
  }
  const result = contentSchemas[file].safeParse(data);
  if (!result.success) {
    throw new SiteContentError(
      result.error.issues.map(
        (issue) => `${where}: ${issue.path.join(".") || "(whole file)"}: ${issue.message}`,
      ),
    );
  }
  return result.data as Parsed<F>;
}

/** The YAML files in `directory` as one SiteContent, validated by siteContentSchema like Contentful's. */
export async function yamlSiteContent(directory = path.resolve("content")): Promise<SiteContent> {
  const read = <F extends ContentFile>(file: F) => readContentFile(directory, file);
  const [site, about, rules, officeBearers, council, editorialBoard, awards, congress, contact, membership] =
    await Promise.all([
      read("site.yaml"),
      read("about.yaml"),
      read("rules.yaml"),
      read("office-bearers.yaml"),
      read("executive-council.yaml"),
      read("editorial-board.yaml"),
      read("awards.yaml"),
      read("congress.yaml"),
      read("contact.yaml"),
      read("membership.yaml"),
    ]);
  const content = {
    site,
    about: {
      description: about.description,
      history: about.history,
      aims: about.aims,
      images: about.images,
    },
    rules: {
      description: rules.description,
      intro: rules.intro,
      sections: rules.sections.map((section) => ({
        id: section.id,
        title: section.title,
        body: section.body,
      })),
    },
    officeBearers,
    council,
    editorialBoard,
    awards: {
      intro: awards.intro,
      awards: awards.awards.map((award) => ({
        id: award.id,
        name: award.name,
        summary: award.summary,
        frequency: award.frequency,
        recipients: award.recipients,
        downloads: award.downloads,
      })),
    },
    congress: {
      title: congress.title,
      description: congress.description,
      about: congress.about,
      brochure: congress.brochure,
      registrationUrl: congress.registrationUrl,
      event: congress.event,
    },
    contact,
    membership: {
      description: membership.description,
      intro: membership.intro,
      authorsNote: membership.authorsNote,
      bank: membership.bank,
      upi: membership.upi,
      applicationForm: membership.applicationForm,
      pricingUrl: membership.pricingUrl,
      fees: feeScheduleFromYaml(membership),
    },
  };
  const result = siteContentSchema.safeParse(content);
  if (!result.success) {
    throw new SiteContentError(
      result.error.issues.map(
        (issue) => `content/ (as SiteContent): ${issue.path.join(".")}: ${issue.message}`,
      ),
    );
  }
  return result.data;
}
