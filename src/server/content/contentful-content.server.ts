/**
 * The site's content from Contentful's Delivery API (or, for a preview, its Preview API): every
 * entry of the society's types (content-model.server.ts), mapped to the shape of each content file
 * and checked by that file's schema, the YAML's own (src/shared/content-schemas.ts). A problem
 * stops with a line per problem naming the entry (content type, id, title), the field and what is
 * wrong.
 *
 * Two parts stay in the repository and are read from content/ even with Contentful (decision
 * 0029): the privacy notice (its version is recorded with each application and must change with
 * the code), and the membership rules the code computes with (the types and how each runs, the
 * life fee's terms, the calendar); the fees themselves, the bank and UPI details and the page's
 * texts are Contentful's.
 *
 * Links are resolved here rather than by the SDK, so a link to an entry or file that is not
 * published can be named: in a list it is left out (as the SDK would), in a single field it
 * makes that field empty, and the message says why.
 */
import { BLOCKS } from "@contentful/rich-text-types";
import { type ContentFile, contentFiles, contentSchemas } from "#shared/content-schemas.ts";
import { contentfulLinkClient } from "../contentful.server.ts";
import type { ContentfulConfig } from "../env.server.ts";
import { ContentError } from "./content-issues.server.ts";
import {
  CONTENT_MODEL,
  type ContentTypeId,
  type FieldId,
  SITE_TYPE_IDS,
  SITE_TYPES,
  type SiteTypeId,
} from "./content-model.server.ts";
import { describeEntryIssues, type EntryRef, entryOrigin, markOrigin } from "./entry-origins.server.ts";
import { feesFromEntries } from "./membership-fees.server.ts";
import type { ContentSnapshot } from "./page-content.server.ts";

type Link = { sys: { type: "Link"; linkType: string; id: string } };

/** An entry as the Delivery API answers it, links unresolved. */
export type CdaEntry = {
  sys: { id: string; contentType: { sys: { id: string } } };
  fields: Record<string, unknown>;
};

export type CdaAsset = {
  sys: { id: string };
  fields: {
    title?: string;
    description?: string;
    file?: {
      url?: string;
      fileName?: string;
      contentType?: string;
      details?: { size?: number; image?: { width: number; height: number } };
    };
  };
};

/** What a reading of the space gives: its entries of our types, and everything they link to. */
export type CdaSpace = { entries: CdaEntry[]; linkedEntries: CdaEntry[]; assets: CdaAsset[] };

/** The Delivery API's largest page. */
const PAGE_SIZE = 1000;

/**
 * Every entry of the society's types, a page at a time (in order of id, so pages never overlap),
 * with what they link to one level down: enough, because every entry of ours is itself an item.
 */
export async function fetchSpace(config: ContentfulConfig, pageSize = PAGE_SIZE): Promise<CdaSpace> {
  const client = contentfulLinkClient(config);
  const space: CdaSpace = { entries: [], linkedEntries: [], assets: [] };
  for (let skip = 0; ; skip += pageSize) {
    const page = await client.getEntries({
      "sys.contentType.sys.id[in]": SITE_TYPE_IDS,
      include: 1,
      limit: pageSize,
      skip,
      order: ["sys.id"],
    });
    space.entries.push(...(page.items as unknown as CdaEntry[]));
    space.linkedEntries.push(...((page.includes?.Entry ?? []) as unknown as CdaEntry[]));
    space.assets.push(...((page.includes?.Asset ?? []) as unknown as CdaAsset[]));
    if (page.items.length === 0 || skip + page.items.length >= page.total) return space;
  }
}

const isLink = (value: unknown): value is Link =>
  typeof value === "object" && value !== null && (value as Link).sys?.type === "Link";

/** Contentful file URLs are protocol-relative (//images.ctfassets.net/...). */
const absolute = (url: string) => (url.startsWith("//") ? `https:${url}` : url);

/** The object without its undefined keys: an empty optional field is absent, as in the YAML. */
function defined<T extends Record<string, unknown>>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;
}

/**
 * Contentful's editor keeps an empty paragraph after a list or at the end of a text; the YAML has
 * none. Dropping empty top-level paragraphs makes the same text the same document.
 */
function withoutEmptyParagraphs(value: unknown): unknown {
  if (typeof value !== "object" || value === null || !Array.isArray((value as { content?: unknown }).content))
    return value;
  const document = value as { content: { nodeType?: string; content?: { value?: unknown }[] }[] };
  const isEmpty = (node: (typeof document.content)[number]) =>
    node.nodeType === BLOCKS.PARAGRAPH &&
    (node.content ?? []).every((child) => typeof child.value === "string" && child.value.trim() === "");
  return { ...document, content: document.content.filter((node) => !isEmpty(node)) };
}

class SpaceReader {
  readonly problems: string[] = [];
  private readonly entries = new Map<string, CdaEntry>();
  private readonly assets = new Map<string, CdaAsset>();

  private readonly space: CdaSpace;

  constructor(space: CdaSpace) {
    this.space = space;
    for (const entry of [...space.linkedEntries, ...space.entries]) this.entries.set(entry.sys.id, entry);
    for (const asset of space.assets) this.assets.set(asset.sys.id, asset);
  }

  ofType(type: SiteTypeId): CdaEntry[] {
    return this.space.entries.filter((entry) => entry.sys.contentType.sys.id === type);
  }

  /** The one entry of a page-like type; a problem when there is none or more than one. */
  single(type: SiteTypeId): CdaEntry | undefined {
    const found = this.ofType(type);
    const name = `${SITE_TYPES[type].name} (${type})`;
    if (found.length === 0)
      this.problems.push(`Contentful: no published entry of ${name}; the site needs one`);
    if (found.length > 1)
      this.problems.push(
        `Contentful: ${found.length} published entries of ${name} (${found.map((e) => e.sys.id).join(", ")}); ` +
          "the site reads exactly one: unpublish the others",
      );
    return found.length === 1 ? found[0] : undefined;
  }

  /** Reads `entry` as a `type`: its fields by their declared ids, its links resolved. */
  on<T extends ContentTypeId>(type: T, entry: CdaEntry) {
    const spec = CONTENT_MODEL[type];
    const title = entry.fields[spec.displayField];
    const ref: EntryRef = {
      contentType: type,
      id: entry.sys.id,
      ...(typeof title === "string" && title.trim() ? { title: title.trim() } : {}),
    };
    const notes: Record<string, string> = {};
    const entries = this.entries;
    const assets = this.assets;
    const missing = (field: string, link: Link) => {
      notes[field] = `it links to ${link.sys.linkType.toLowerCase()} ${link.sys.id}, which is not published`;
    };
    return {
      ref,
      get: (field: FieldId<T>): unknown => entry.fields[field],
      richText: (field: FieldId<T>): unknown => withoutEmptyParagraphs(entry.fields[field]),
      /** The linked entry, or undefined (with a note when the link leads nowhere). */
      one: (field: FieldId<T>): CdaEntry | undefined => {
        const link = entry.fields[field];
        if (!isLink(link)) return undefined;
        const target = entries.get(link.sys.id);
        if (!target) missing(field, link);
        return target;
      },
      /**
       * The linked entries that are published, in the editor's order. One that is not is left
       * out, as the Delivery API's own link resolution does, and noted in case the list is then short.
       */
      many: (field: FieldId<T>): CdaEntry[] => {
        const links = entry.fields[field];
        if (!Array.isArray(links)) return [];
        return links.flatMap((link) => {
          if (!isLink(link)) return [];
          const target = entries.get(link.sys.id);
          if (!target) missing(field, link);
          return target ? [target] : [];
        });
      },
      asset: (field: FieldId<T>): CdaAsset | undefined => {
        const link = entry.fields[field];
        if (!isLink(link)) return undefined;
        const target = assets.get(link.sys.id);
        if (!target) missing(field, link);
        else if (!target.fields.file?.url) notes[field] = `file ${link.sys.id} has no file uploaded`;
        return target;
      },
      note: (field: FieldId<T>, text: string) => {
        notes[field] = text;
      },
      /** Marks `object` as this entry's (keys renamed to field ids by `fields`), without its undefined keys. */
      mark: <O extends Record<string, unknown>>(
        object: O,
        fields: Partial<Record<keyof O, FieldId<T>>> = {},
      ) => markOrigin(defined(object), entryOrigin(ref, fields as Record<string, string>, notes)),
    };
  }
}

/**
 * Maps a reading of the space to the content files, each checked by its schema, or throws a
 * ContentError naming every problem. `repository` gives what stays in content/ (see above).
 */
export function contentFromSpace(space: CdaSpace, repository: ContentSnapshot): ContentSnapshot {
  const { files, problems: found } = filesFromSpace(space, repository);
  const problems = [...found];
  const content: Partial<Record<ContentFile, unknown>> = {};
  for (const file of contentFiles) {
    const result = contentSchemas[file].safeParse(files[file]);
    if (result.success) content[file] = result.data;
    else problems.push(...describeEntryIssues(files[file], result.error.issues));
  }
  if (problems.length > 0) throw new ContentError(problems);
  return content as ContentSnapshot;
}

/**
 * The content files as mapped from a reading of the space, before their schemas check them (each
 * object marked with the entry it came from), and the problems found on the way. Throws a
 * ContentError when a page's entry is missing or repeated. A test compares what this makes with
 * the schemas and the content model (content-model-schemas.server.test.ts).
 */
export function filesFromSpace(
  space: CdaSpace,
  repository: ContentSnapshot,
): { files: Record<ContentFile, unknown>; problems: readonly string[] } {
  const reader = new SpaceReader(space);

  const fileUrl = (asset: CdaAsset | undefined) => {
    const url = asset?.fields.file?.url;
    return url ? absolute(url) : undefined;
  };

  const figure = (entry: CdaEntry) => {
    const e = reader.on("figure", entry);
    const asset = e.asset("image");
    const size = asset?.fields.file?.details?.image;
    if (asset?.fields.file?.url && !size)
      e.note("image", "the file is not an image whose size Contentful knows");
    return e.mark(
      {
        src: fileUrl(asset),
        alt: e.get("alt"),
        width: size?.width,
        height: size?.height,
        caption: e.get("caption"),
      },
      { src: "image", width: "image", height: "image" },
    );
  };

  const documentLink = (entry: CdaEntry) => {
    const e = reader.on("document", entry);
    return e.mark(
      { label: e.get("title"), href: fileUrl(e.asset("file")) },
      { label: "title", href: "file" },
    );
  };

  /**
   * A person as a place on the site shows them. Every filled-in field is passed on, so one the
   * place does not show (a zone on an editor) is refused by the schema rather than lost.
   */
  const person = (entry: CdaEntry, phoneAs: "phone" | "contact" = "phone") => {
    const e = reader.on("person", entry);
    return e.mark(
      {
        name: e.get("name"),
        position: e.get("position"),
        institute: e.get("institute"),
        zone: e.get("zone"),
        [phoneAs]: e.get("phone"),
      },
      { [phoneAs]: "phone" },
    );
  };
  const personIn = (entry: CdaEntry | undefined) => entry && person(entry);

  const site = (entry: CdaEntry) => {
    const e = reader.on("siteFacts", entry);
    return e.mark({
      name: e.get("name"),
      shortName: e.get("shortName"),
      url: e.get("url"),
      description: e.get("description"),
      founded: e.mark(
        { month: e.get("foundedMonth"), year: e.get("foundedYear") },
        { month: "foundedMonth", year: "foundedYear" },
      ),
      registered: e.mark(
        { year: e.get("registeredYear"), act: e.get("registeredAct") },
        { year: "registeredYear", act: "registeredAct" },
      ),
      membershipHighlights: e.mark(
        {
          members: e.get("highlightMembers"),
          lifeMembers: e.get("highlightLifeMembers"),
          foreignMembers: e.get("highlightForeignMembers"),
          honoraryFellows: e.get("highlightHonoraryFellows"),
        },
        {
          members: "highlightMembers",
          lifeMembers: "highlightLifeMembers",
          foreignMembers: "highlightForeignMembers",
          honoraryFellows: "highlightHonoraryFellows",
        },
      ),
      membership: e.mark({
        members: e.get("members"),
        lifeMembers: e.get("lifeMembers"),
        annualMembers: e.get("annualMembers"),
      }),
      journal: e.mark(
        {
          name: e.get("journalName"),
          url: e.get("journalUrl"),
          impactFactor: e.get("journalImpactFactor"),
          issuesPerYear: e.get("journalIssuesPerYear"),
          frequency: e.get("journalFrequency"),
          months: e.get("journalMonths"),
        },
        {
          name: "journalName",
          url: "journalUrl",
          impactFactor: "journalImpactFactor",
          issuesPerYear: "journalIssuesPerYear",
          frequency: "journalFrequency",
          months: "journalMonths",
        },
      ),
      counters: e.many("counters").map((counter) => {
        const c = reader.on("counter", counter);
        return c.mark({ label: c.get("label"), value: c.get("value") });
      }),
      publisher: e.mark(
        { name: e.get("publisherName"), url: e.get("publisherUrl") },
        { name: "publisherName", url: "publisherUrl" },
      ),
      copyrightSince: e.get("copyrightSince"),
    });
  };

  const about = (entry: CdaEntry) => {
    const e = reader.on("aboutPage", entry);
    return e.mark({
      description: e.get("description"),
      history: e.richText("history"),
      aims: e.mark(
        { intro: e.get("aimsIntro"), items: e.get("aims") },
        { intro: "aimsIntro", items: "aims" },
      ),
      images: e.many("images").map(figure),
    });
  };

  const rules = (entry: CdaEntry) => {
    const e = reader.on("rulesPage", entry);
    return e.mark({
      description: e.get("description"),
      intro: e.get("intro"),
      sections: e.many("sections").map((section) => {
        const s = reader.on("rulesSection", section);
        return s.mark(
          { id: s.get("anchor"), title: s.get("title"), body: s.richText("body") },
          { id: "anchor" },
        );
      }),
    });
  };

  /** Every term, newest first (year labels sort as text); those with office bearers on record in `terms`. */
  const officeBearers = (terms: CdaEntry[]) => {
    const read = terms
      .map((entry) => reader.on("officeBearersTerm", entry))
      .sort((a, b) => String(b.get("year")).localeCompare(String(a.get("year"))));
    const byYear: Record<string, unknown> = {};
    for (const t of read) {
      const bearers = t.many("bearers");
      if (bearers.length === 0) continue;
      const year = String(t.get("year"));
      byYear[year] = markOrigin(
        bearers.map((bearer) => {
          const b = reader.on("officeBearer", bearer);
          return b.mark({ title: b.get("title"), name: b.get("name") });
        }),
        (rest) => ({ entry: t.ref, field: "bearers", detail: [...rest] }),
      );
    }
    // The results page of the election that chose a term's Council, where the office has set one.
    const results: Record<string, unknown> = {};
    for (const t of read)
      if (t.get("results") !== undefined) results[String(t.get("year"))] = t.get("results");
    const years = read.map((t) => t.get("year"));
    return defined({
      // A problem with a year is reported against the term that has it.
      years: markOrigin(years, (rest) => {
        const term = read[Number(rest[0])];
        return term && { entry: term.ref, field: "year", detail: [] };
      }),
      terms: markOrigin(byYear, (rest) => {
        const term = read.find((t) => String(t.get("year")) === String(rest[0]));
        return (
          term && { entry: term.ref, field: rest.length > 1 ? "bearers" : "year", detail: rest.slice(1) }
        );
      }),
      results:
        Object.keys(results).length === 0
          ? undefined
          : markOrigin(results, (rest) => {
              const term = read.find((t) => String(t.get("year")) === String(rest[0]));
              return term && { entry: term.ref, field: "results", detail: [] };
            }),
    });
  };

  const council = (entry: CdaEntry) => {
    const e = reader.on("executiveCouncil", entry);
    return e.mark({
      term: e.get("term"),
      president: personIn(e.one("president")),
      vicePresidents: e.many("vicePresidents").map((p) => person(p)),
      secretary: personIn(e.one("secretary")),
      editor: personIn(e.one("editor")),
      treasurer: personIn(e.one("treasurer")),
      councillors: e.many("councillors").map((p) => person(p)),
    });
  };

  const editorialBoard = (entry: CdaEntry) => {
    const e = reader.on("editorialBoard", entry);
    return e.mark({
      editor: personIn(e.one("editor")),
      associateEditors: e.many("associateEditors").map((p) => person(p)),
      members: e.many("members").map((p) => person(p)),
      secretariat: e.many("secretariat").map((p) => person(p, "contact")),
    });
  };

  const awards = (entry: CdaEntry) => {
    const e = reader.on("awardsPage", entry);
    return e.mark({
      intro: e.get("intro"),
      awards: e.many("awards").map((award) => {
        const a = reader.on("award", award);
        return a.mark(
          {
            id: a.get("anchor"),
            name: a.get("name"),
            summary: a.richText("summary"),
            frequency: a.get("frequency"),
            recipients: a.many("recipients").map((recipient) => {
              const r = reader.on("awardRecipient", recipient);
              return r.mark({ name: r.get("name"), affiliation: r.get("affiliation"), year: r.get("year") });
            }),
            downloads: a.many("downloads").map(documentLink),
          },
          { id: "anchor" },
        );
      }),
    });
  };

  const congress = (entry: CdaEntry) => {
    const e = reader.on("congressPage", entry);
    const brochure = e.one("brochure");
    const event = e.one("event");
    return e.mark({
      title: e.get("title"),
      description: e.get("description"),
      about: e.richText("about"),
      brochure: brochure && documentLink(brochure),
      registrationUrl: e.get("registrationUrl"),
      event: event && reader.on("isgpbEvent", event).get("slug"),
    });
  };

  const contact = (entry: CdaEntry) => {
    const e = reader.on("contactPage", entry);
    return e.mark({
      description: e.get("description"),
      intro: e.get("intro"),
      secretary: e.get("secretary"),
      address: e.get("address"),
      mobile: e.get("mobile"),
      email: e.get("email"),
      staff: e.many("staff").map((p) => person(p)),
    });
  };

  const membership = (entry: CdaEntry, fees: CdaEntry[]) => {
    const e = reader.on("membershipPage", entry);
    const form = e.one("applicationForm");
    // The rules the code computes with stay the repository's; the fees come from their entries.
    const { fees: rules, types, calendar } = repository["membership.yaml"];
    const scheduled = feesFromEntries(
      fees.map((fee) => {
        const f = reader.on("membershipFee", fee);
        return {
          ref: f.ref,
          membershipType: f.get("membershipType"),
          from: f.get("from"),
          amount: f.get("amount"),
        };
      }),
      { fees: rules, types },
      reader.problems,
    );
    return e.mark(
      {
        description: e.get("description"),
        intro: e.get("intro"),
        authorsNote: e.get("authorsNote"),
        bank: e.mark(
          {
            accountName: e.get("bankAccountName"),
            bankName: e.get("bankName"),
            accountNumber: e.get("bankAccountNumber"),
            ifsc: e.get("bankIfsc"),
            branchCode: e.get("bankBranchCode"),
            swiftCode: e.get("bankSwiftCode"),
            location: e.get("bankLocation"),
          },
          {
            accountName: "bankAccountName",
            accountNumber: "bankAccountNumber",
            ifsc: "bankIfsc",
            branchCode: "bankBranchCode",
            swiftCode: "bankSwiftCode",
            location: "bankLocation",
          },
        ),
        upi: e.mark(
          { address: e.get("upiAddress"), payeeName: e.get("upiPayeeName") },
          { address: "upiAddress", payeeName: "upiPayeeName" },
        ),
        applicationForm: form && documentLink(form).href,
        pricingUrl: e.get("pricingUrl"),
        fees: scheduled.fees,
        types: scheduled.types,
        calendar,
      },
      {},
    );
  };

  const pages = {
    site: reader.single("siteFacts"),
    about: reader.single("aboutPage"),
    rules: reader.single("rulesPage"),
    council: reader.single("executiveCouncil"),
    editorialBoard: reader.single("editorialBoard"),
    awards: reader.single("awardsPage"),
    congress: reader.single("congressPage"),
    contact: reader.single("contactPage"),
    membership: reader.single("membershipPage"),
  };
  if (reader.problems.length > 0) throw new ContentError(reader.problems);
  const {
    site: s,
    about: a,
    rules: r,
    council: c,
    editorialBoard: b,
    awards: w,
    congress: g,
    contact: t,
    membership: m,
  } = pages as { [K in keyof typeof pages]: CdaEntry };

  const files: Record<ContentFile, unknown> = {
    "site.yaml": site(s),
    "about.yaml": about(a),
    "rules.yaml": rules(r),
    "office-bearers.yaml": officeBearers(reader.ofType("officeBearersTerm")),
    "executive-council.yaml": council(c),
    "editorial-board.yaml": editorialBoard(b),
    "awards.yaml": awards(w),
    "congress.yaml": congress(g),
    "contact.yaml": contact(t),
    "membership.yaml": membership(m, reader.ofType("membershipFee")),
    "privacy.yaml": repository["privacy.yaml"],
  };
  return { files, problems: reader.problems };
}

/**
 * The site's content from Contentful: the published entries, or with a preview config the drafts,
 * with the parts that stay in the repository from `repository` (content/).
 */
export async function contentfulContent(
  config: ContentfulConfig,
  repository: ContentSnapshot,
): Promise<ContentSnapshot> {
  return contentFromSpace(await fetchSpace(config), repository);
}
