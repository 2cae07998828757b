/**
 * The Contentful content model as the code reads it: every content type, its fields and their
 * kinds. The mapping (contentful-content.server.ts) can only read fields declared here, and the
 * import (scripts/contentful/) writes only these. The migrations under scripts/contentful/migrations/
 * are the model's history as applied to a space; a test runs them against a recording fake and
 * fails when a type or field exists on one side and not the other, or differs in kind. Another
 * (content-model-schemas.server.test.ts) runs the mapping and fails when a site type's field
 * reaches no key of the content files' schemas, or a schema's key is filled by no field.
 */

/**
 * A field's kind: Contentful's field type, with links and arrays spelt out. `Symbols` is an array
 * of short texts; `Entry`/`Entries` link to entries of the types in `to`; `Asset`/`Assets` to files.
 */
export type FieldKind =
  | "Symbol"
  | "Text"
  | "RichText"
  | "Integer"
  | "Number"
  | "Date"
  | "Symbols"
  | "Asset"
  | "Assets"
  | "Entry"
  | "Entries";

export type FieldSpec = { kind: FieldKind; to?: readonly string[] };

export type ContentTypeSpec = {
  /** The name editors see in Contentful. */
  name: string;
  /** The field Contentful shows as the entry's title (and our error messages quote). */
  displayField: string;
  /** One published entry of this type is the whole of it (a page, the site's facts). */
  singleton?: boolean;
  fields: Record<string, FieldSpec>;
};

const symbol = { kind: "Symbol" } as const;
const text = { kind: "Text" } as const;
const richText = { kind: "RichText" } as const;
const integer = { kind: "Integer" } as const;
const symbols = { kind: "Symbols" } as const;
const asset = { kind: "Asset" } as const;
const entry = <T extends string>(...to: T[]) => ({ kind: "Entry", to }) as const;
const entries = <T extends string>(...to: T[]) => ({ kind: "Entries", to }) as const;

/**
 * The types that were in use before issue 34 (news, slides, events), as their sources read them
 * (src/server/news/, slides/, events/). Migration 0001 describes them; the site content below
 * never reads them, except the congress page's link to its event.
 */
export const EXISTING_TYPES = {
  isgpbNews: {
    name: "News",
    displayField: "name",
    fields: {
      name: symbol,
      slug: symbol,
      description: text,
      date: { kind: "Date" },
      thumbnail: asset,
      screenshot: asset,
      url: symbol,
    },
  },
  sliderShow: {
    name: "Slider show",
    // The type has no text field to show; Contentful lists its entries as "Untitled".
    displayField: "",
    fields: { image: { kind: "Assets" }, lightbox: asset },
  },
  isgpbEvent: {
    name: "Event",
    displayField: "title",
    fields: {
      title: symbol,
      slug: symbol,
      kind: symbol,
      start: { kind: "Date" },
      end: { kind: "Date" },
      timeZone: symbol,
      venue: symbol,
      onlineUrl: symbol,
      description: text,
      registrationUrl: symbol,
      attachment: asset,
    },
  },
} as const satisfies Record<string, ContentTypeSpec>;

/** The types of the content the society edits: everything in SiteContent. */
export const SITE_TYPES = {
  document: { name: "Document", displayField: "title", fields: { title: symbol, file: asset } },
  figure: {
    name: "Figure",
    displayField: "alt",
    fields: { image: asset, alt: symbol, caption: symbol },
  },
  person: {
    name: "Person",
    displayField: "name",
    fields: { name: symbol, position: symbol, institute: symbol, zone: symbol, phone: symbol },
  },
  counter: { name: "Home page counter", displayField: "label", fields: { label: symbol, value: integer } },
  siteFacts: {
    name: "Site facts",
    displayField: "name",
    singleton: true,
    fields: {
      name: symbol,
      shortName: symbol,
      url: symbol,
      description: text,
      foundedMonth: symbol,
      foundedYear: integer,
      registeredYear: integer,
      registeredAct: symbol,
      highlightMembers: integer,
      highlightLifeMembers: integer,
      highlightForeignMembers: integer,
      highlightHonoraryFellows: integer,
      members: integer,
      lifeMembers: integer,
      annualMembers: integer,
      journalName: symbol,
      journalUrl: symbol,
      journalImpactFactor: { kind: "Number" },
      journalIssuesPerYear: integer,
      journalFrequency: symbol,
      journalMonths: symbols,
      counters: entries("counter"),
      publisherName: symbol,
      publisherUrl: symbol,
      copyrightSince: integer,
    },
  },
  aboutPage: {
    name: "About page",
    displayField: "title",
    singleton: true,
    fields: {
      title: symbol,
      description: text,
      history: richText,
      aimsIntro: text,
      aims: symbols,
      images: entries("figure"),
    },
  },
  rulesSection: {
    name: "Rules section",
    displayField: "title",
    fields: { anchor: symbol, title: symbol, body: richText },
  },
  rulesPage: {
    name: "Rules page",
    displayField: "title",
    singleton: true,
    fields: { title: symbol, description: text, intro: text, sections: entries("rulesSection") },
  },
  officeBearer: { name: "Office bearer", displayField: "title", fields: { title: symbol, name: text } },
  officeBearersTerm: {
    name: "Office bearers of a term",
    displayField: "year",
    fields: { year: symbol, bearers: entries("officeBearer"), results: symbol },
  },
  executiveCouncil: {
    name: "Executive Council",
    displayField: "term",
    singleton: true,
    fields: {
      term: symbol,
      president: entry("person"),
      vicePresidents: entries("person"),
      secretary: entry("person"),
      editor: entry("person"),
      treasurer: entry("person"),
      councillors: entries("person"),
    },
  },
  editorialBoard: {
    name: "Editorial Board",
    displayField: "title",
    singleton: true,
    fields: {
      title: symbol,
      editor: entry("person"),
      associateEditors: entries("person"),
      members: entries("person"),
      secretariat: entries("person"),
    },
  },
  awardRecipient: {
    name: "Award recipient",
    displayField: "name",
    fields: { name: symbol, affiliation: symbol, year: integer },
  },
  award: {
    name: "Award",
    displayField: "name",
    fields: {
      anchor: symbol,
      name: symbol,
      frequency: symbol,
      summary: richText,
      recipients: entries("awardRecipient"),
      downloads: entries("document"),
    },
  },
  awardsPage: {
    name: "Awards page",
    displayField: "title",
    singleton: true,
    fields: { title: symbol, intro: text, awards: entries("award") },
  },
  congressPage: {
    name: "Congress page",
    displayField: "title",
    singleton: true,
    fields: {
      title: symbol,
      description: text,
      about: richText,
      brochure: entry("document"),
      registrationUrl: symbol,
      event: entry("isgpbEvent"),
    },
  },
  contactPage: {
    name: "Contact page",
    displayField: "title",
    singleton: true,
    fields: {
      title: symbol,
      description: text,
      intro: text,
      secretary: symbol,
      address: symbols,
      mobile: symbol,
      email: symbol,
      staff: entries("person"),
    },
  },
  membershipPage: {
    name: "Membership page and payment details",
    displayField: "title",
    singleton: true,
    fields: {
      title: symbol,
      description: text,
      intro: text,
      authorsNote: text,
      bankAccountName: symbol,
      bankName: symbol,
      bankAccountNumber: symbol,
      bankIfsc: symbol,
      bankBranchCode: symbol,
      bankSwiftCode: symbol,
      bankLocation: symbol,
      upiAddress: symbol,
      upiPayeeName: symbol,
      applicationForm: entry("document"),
      pricingUrl: symbol,
    },
  },
  membershipFee: {
    name: "Membership fee",
    displayField: "membershipType",
    fields: { membershipType: symbol, from: symbol, amount: integer },
  },
} as const satisfies Record<string, ContentTypeSpec>;

export const CONTENT_MODEL = { ...EXISTING_TYPES, ...SITE_TYPES } as const;

export type SiteTypeId = keyof typeof SITE_TYPES;
export type ContentTypeId = keyof typeof CONTENT_MODEL;
export type FieldId<T extends ContentTypeId> = keyof (typeof CONTENT_MODEL)[T]["fields"] & string;

export const SITE_TYPE_IDS = Object.keys(SITE_TYPES) as SiteTypeId[];
