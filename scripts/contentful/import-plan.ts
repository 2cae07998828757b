/**
 * What `npm run contentful:import` writes to a space: today's content (the YAML's files as their
 * schemas give them, the news, the events, the slides) as entries and assets with stable ids (./ids.ts). A pure
 * function of the content, so the same plan also makes the test fixtures (make-fixtures.ts):
 * what the import writes is exactly what the tests read back.
 *
 * Entries come leaves first (documents, people, sections before the pages that link to them), so
 * each can be published as soon as it is written.
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import {
  CONTENT_MODEL,
  type ContentTypeId,
  type FieldId,
} from "../../src/server/content/content-model.server.ts";
import { REGISTRATION } from "../../src/server/content/membership-fees.server.ts";
import type { ContentSnapshot } from "../../src/server/content/page-content.server.ts";
import { NEWS_MEDIA_PATH } from "../../src/server/news/local-news.server.ts";
import { TO_BE_ANNOUNCED } from "../../src/shared/membership/amount.ts";
import type { SocietyEvent } from "../../src/shared/schemas/events.ts";
import type { NewsItem } from "../../src/shared/schemas/news.ts";
import type { Slide } from "../../src/shared/schemas/slides.ts";
import { assetId, entryId } from "./ids.ts";

export type Link = { sys: { type: "Link"; linkType: "Entry" | "Asset"; id: string } };

export type PlannedAsset = {
  id: string;
  /** The file's path on the site (/downloads/x.pdf, /news-media/x.svg). */
  sitePath: string;
  /** Where the file is on disk. */
  file: string;
  fileName: string;
  contentType: string;
  size: number;
  title: string;
  description?: string;
  /** An image's intrinsic size, when the content states it. */
  image?: { width: number; height: number };
};

export type PlannedEntry = {
  id: string;
  contentType: ContentTypeId;
  /** Field values in the default locale; empty fields are left out. */
  fields: Record<string, unknown>;
};

export type ImportPlan = { assets: PlannedAsset[]; entries: PlannedEntry[] };

/** An image of the content, with its intrinsic size. */
type ContentImage = ContentSnapshot["about.yaml"]["images"][number];
/** A file to download, with the text its link shows. */
type DocumentLink = { label: string; href: string };

export type ImportSource = {
  /** The YAML's files (not the privacy notice nor the membership rules: they stay in the repository). */
  content: ContentSnapshot;
  news: readonly NewsItem[];
  events: readonly SocietyEvent[];
  slides: readonly Slide[];
  /** The repository's root: files are found under public/ and content/news/media/. */
  root: string;
};

const CONTENT_TYPES: Record<string, string> = {
  ".pdf": "application/pdf",
  ".svg": "image/svg+xml",
  ".webp": "image/webp",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".doc": "application/msword",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

const link = (linkType: "Entry" | "Asset", id: string): Link => ({ sys: { type: "Link", linkType, id } });

/** Builds the plan; fails on anything the import could not write faithfully. */
export async function importPlan(source: ImportSource): Promise<ImportPlan> {
  const assets = new Map<string, PlannedAsset>();
  const entries = new Map<string, PlannedEntry>();

  /** A file on the site as an asset (once, however many entries use it); answers its link. */
  const asset = async (
    sitePath: string,
    details: { title?: string; description?: string; image?: { width: number; height: number } } = {},
  ): Promise<Link> => {
    if (/^https?:/.test(sitePath)) throw new Error(`${sitePath}: only files on this site can be imported`);
    const id = assetId(sitePath);
    if (!assets.has(id)) {
      const file = sitePath.startsWith(NEWS_MEDIA_PATH)
        ? path.join(source.root, "content/news/media", sitePath.slice(NEWS_MEDIA_PATH.length))
        : path.join(source.root, "public", sitePath);
      const fileName = path.posix.basename(sitePath);
      const contentType = CONTENT_TYPES[path.extname(fileName).toLowerCase()];
      if (!contentType) throw new Error(`${sitePath}: no content type known for this kind of file`);
      assets.set(id, {
        id,
        sitePath,
        file,
        fileName,
        contentType,
        size: (await stat(file)).size,
        title: details.title ?? fileName,
        ...(details.description ? { description: details.description } : {}),
        ...(details.image ? { image: details.image } : {}),
      });
    }
    return link("Asset", id);
  };

  /** An entry of `type` (its fields checked against the model); answers its link. */
  const entry = <T extends ContentTypeId>(
    type: T,
    id: string,
    fields: Partial<Record<FieldId<T>, unknown>>,
  ): Link => {
    const declared = CONTENT_MODEL[type].fields as Record<string, unknown>;
    const values = Object.fromEntries(
      Object.entries(fields).filter(([, value]) => value !== undefined && value !== null),
    );
    for (const key of Object.keys(values))
      if (!(key in declared)) throw new Error(`${type}.${key} is not in the content model`);
    const planned: PlannedEntry = { id, contentType: type, fields: values };
    const earlier = entries.get(id);
    if (earlier && JSON.stringify(earlier) !== JSON.stringify(planned))
      throw new Error(`Two different entries would have the id ${id}: give them distinct keys`);
    entries.set(id, planned);
    return link("Entry", id);
  };

  const documentEntry = async (document: DocumentLink) =>
    entry("document", entryId("document", document.label, path.posix.basename(document.href)), {
      title: document.label,
      file: await asset(document.href),
    });

  const figureEntry = async (image: ContentImage) =>
    entry("figure", entryId("figure", path.posix.basename(image.src).replace(/\.\w+$/, "")), {
      image: await asset(image.src, {
        title: image.caption ?? image.alt,
        description: image.alt,
        image: { width: image.width, height: image.height },
      }),
      alt: image.alt,
      caption: image.caption,
    });

  type PersonFields = { name: string; position?: string; institute?: string; zone?: string; phone?: string };
  const person = (place: string, key: string, fields: PersonFields) =>
    entry("person", entryId(place, key), fields);

  const { content } = source;

  // Events first: the congress page links to its event.
  for (const event of source.events) {
    entry("isgpbEvent", entryId("event", event.slug), {
      title: event.title,
      slug: event.slug,
      kind: event.kind,
      start: event.start,
      end: event.end,
      timeZone: event.timeZone,
      venue: event.venue,
      onlineUrl: event.onlineUrl,
      description: event.description,
      registrationUrl: event.registrationUrl,
      attachment: event.attachment && (await asset(event.attachment.url)),
    });
  }

  for (const item of source.news) {
    entry("isgpbNews", entryId("news", item.slug), {
      name: item.title,
      slug: item.slug,
      description: item.description,
      date: item.date,
      thumbnail:
        item.image &&
        (await asset(item.image.url, {
          description: item.image.alt,
          ...(item.image.width && item.image.height
            ? { image: { width: item.image.width, height: item.image.height } }
            : {}),
        })),
      screenshot: item.attachment && (await asset(item.attachment.url)),
      url: item.url,
    });
  }

  for (const slide of source.slides) {
    // The largest rendition (the lightbox's) is the original: the Images API makes the others.
    const original = slide.lightbox ?? slide.image;
    const image = await asset(original, {
      description: slide.alt,
      image: { width: slide.width, height: slide.height },
    });
    entry("sliderShow", entryId("slide", path.posix.basename(original).replace(/\.\w+$/, "")), {
      image: [image],
      lightbox: slide.lightbox ? image : undefined,
    });
  }

  const site = content["site.yaml"];
  entry("siteFacts", "siteFacts", {
    name: site.name,
    shortName: site.shortName,
    url: site.url,
    description: site.description,
    foundedMonth: site.founded.month,
    foundedYear: site.founded.year,
    registeredYear: site.registered.year,
    registeredAct: site.registered.act,
    highlightMembers: site.membershipHighlights.members,
    highlightLifeMembers: site.membershipHighlights.lifeMembers,
    highlightForeignMembers: site.membershipHighlights.foreignMembers,
    highlightHonoraryFellows: site.membershipHighlights.honoraryFellows,
    members: site.membership.members,
    lifeMembers: site.membership.lifeMembers,
    annualMembers: site.membership.annualMembers,
    journalName: site.journal.name,
    journalUrl: site.journal.url,
    journalImpactFactor: site.journal.impactFactor,
    journalIssuesPerYear: site.journal.issuesPerYear,
    journalFrequency: site.journal.frequency,
    journalMonths: site.journal.months,
    counters: site.counters.map((counter) =>
      entry("counter", entryId("counter", counter.label), { label: counter.label, value: counter.value }),
    ),
    publisherName: site.publisher.name,
    publisherUrl: site.publisher.url,
    copyrightSince: site.copyrightSince,
  });

  const images: Link[] = [];
  const about = content["about.yaml"];
  for (const image of about.images) images.push(await figureEntry(image));
  entry("aboutPage", "aboutPage", {
    title: "About Society",
    description: about.description,
    history: about.history,
    aimsIntro: about.aims.intro,
    aims: about.aims.items,
    images,
  });

  const rules = content["rules.yaml"];
  entry("rulesPage", "rulesPage", {
    title: "Constitution and Rules",
    description: rules.description,
    intro: rules.intro,
    sections: rules.sections.map((section) =>
      entry("rulesSection", entryId("rules-section", section.id), {
        anchor: section.id,
        title: section.title,
        body: section.body,
      }),
    ),
  });

  const officeBearers = content["office-bearers.yaml"];
  for (const year of officeBearers.years) {
    const bearers = officeBearers.terms[year] ?? [];
    entry("officeBearersTerm", entryId("office-bearers", year), {
      year,
      bearers:
        bearers.length > 0
          ? bearers.map((bearer) =>
              entry("officeBearer", entryId("office-bearer", year, bearer.title), {
                title: bearer.title,
                name: bearer.name,
              }),
            )
          : undefined,
      results: officeBearers.results?.[year],
    });
  }

  const council = content["executive-council.yaml"];
  entry("executiveCouncil", "executiveCouncil", {
    term: council.term,
    president: person("council", "president", council.president),
    vicePresidents: council.vicePresidents.map((p) => person("council-vice-president", p.name, p)),
    secretary: person("council", "secretary", council.secretary),
    editor: person("council", "editor", council.editor),
    treasurer: person("council", "treasurer", council.treasurer),
    councillors: council.councillors.map((p) => person("council-councillor", p.zone, p)),
  });

  const board = content["editorial-board.yaml"];
  entry("editorialBoard", "editorialBoard", {
    title: "Editorial Board",
    editor: person("board", "editor", board.editor),
    associateEditors: board.associateEditors.map((p) => person("board-associate-editor", p.name, p)),
    members: board.members.map((p) => person("board-member", p.name, p)),
    secretariat: board.secretariat.map((p) =>
      person("board-secretariat", p.name, { name: p.name, phone: p.contact }),
    ),
  });

  const awards: Link[] = [];
  const awardsPage = content["awards.yaml"];
  for (const award of awardsPage.awards) {
    const downloads: Link[] = [];
    for (const download of award.downloads) downloads.push(await documentEntry(download));
    awards.push(
      entry("award", entryId("award", award.id), {
        anchor: award.id,
        name: award.name,
        frequency: award.frequency,
        summary: award.summary,
        recipients: award.recipients.map((recipient) =>
          entry(
            "awardRecipient",
            entryId("award-recipient", award.id, recipient.year, recipient.name),
            recipient,
          ),
        ),
        downloads,
      }),
    );
  }
  entry("awardsPage", "awardsPage", { title: "Awards", intro: awardsPage.intro, awards });

  const congress = content["congress.yaml"];
  const congressEvent = source.events.find((event) => event.slug === congress.event);
  if (!congressEvent)
    throw new Error(`The congress names the event ${congress.event}, which is not among the events`);
  entry("congressPage", "congressPage", {
    title: congress.title,
    description: congress.description,
    about: congress.about,
    brochure: await documentEntry(congress.brochure),
    registrationUrl: congress.registrationUrl,
    event: link("Entry", entryId("event", congressEvent.slug)),
  });

  const contact = content["contact.yaml"];
  entry("contactPage", "contactPage", {
    title: "Contact",
    description: contact.description,
    intro: contact.intro,
    secretary: contact.secretary,
    address: contact.address,
    mobile: contact.mobile,
    email: contact.email,
    staff: contact.staff.map((p) => person("contact-staff", p.name, p)),
  });

  const membership = content["membership.yaml"];
  entry("membershipPage", "membershipPage", {
    title: "Membership",
    description: membership.description,
    intro: membership.intro,
    authorsNote: membership.authorsNote,
    bankAccountName: membership.bank.accountName,
    bankName: membership.bank.bankName,
    bankAccountNumber: membership.bank.accountNumber,
    bankIfsc: membership.bank.ifsc,
    bankBranchCode: membership.bank.branchCode,
    bankSwiftCode: membership.bank.swiftCode,
    bankLocation: membership.bank.location,
    upiAddress: membership.upi.address,
    upiPayeeName: membership.upi.payeeName,
    applicationForm: await documentEntry({ label: "Application form", href: membership.applicationForm }),
    pricingUrl: membership.pricingUrl,
  });
  const schedules = [
    { type: REGISTRATION, fees: membership.fees.registration },
    // An honorary membership has no fee, so no entries.
    ...membership.types.map((type) => ({ type: type.value, fees: type.fees ?? [] })),
  ];
  for (const { type, fees } of schedules) {
    for (const step of fees) {
      entry("membershipFee", entryId("membership-fee", type, step.from), {
        membershipType: type,
        from: step.from,
        amount: step.amount === TO_BE_ANNOUNCED ? undefined : step.amount,
      });
    }
  }

  return { assets: [...assets.values()], entries: [...entries.values()] };
}
