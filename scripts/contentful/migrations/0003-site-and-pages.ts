/**
 * The society's facts and its prose pages: About, Rules (one entry per section), Congress,
 * Contact. Each page type has one entry; long texts are Rich Text limited to what the site's
 * pages render (src/shared/schemas/rich-text.ts).
 */
import type Migration from "contentful-migration";

// Frozen with this migration: a later change to the editor's options is a migration of its own.
const RICH_TEXT = [
  {
    enabledNodeTypes: ["heading-3", "heading-4", "unordered-list", "ordered-list", "hyperlink"],
    message: "Use paragraphs, headings 3 and 4, lists and links only.",
  },
  { enabledMarks: ["bold", "italic"], message: "Use bold and italic only." },
];
const HTTPS = [{ regexp: { pattern: "^https://\\S+$" }, message: "An https:// address" }];
const YEAR = [{ range: { min: 1900, max: 2100 } }];
const COUNT = [{ range: { min: 1 } }];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const INTERNAL_TITLE = "Names this entry in Contentful only; the site does not show it.";

export default function siteAndPages(migration: Migration) {
  const site = migration.createContentType("siteFacts", {
    name: "Site facts",
    displayField: "name",
    description: "The society's name, founding, figures and journal: read by every page.",
  });
  site.createField("name", { type: "Symbol", name: "Society name", required: true });
  site.createField("shortName", { type: "Symbol", name: "Short name", required: true });
  site.createField("url", { type: "Symbol", name: "Site address", required: true, validations: HTTPS });
  site.createField("description", { type: "Text", name: "Description", required: true });
  site.createField("foundedMonth", {
    type: "Symbol",
    name: "Founded (month)",
    required: true,
    validations: [{ in: MONTHS }],
  });
  site.createField("foundedYear", {
    type: "Integer",
    name: "Founded (year)",
    required: true,
    validations: YEAR,
  });
  site.createField("registeredYear", {
    type: "Integer",
    name: "Registered (year)",
    required: true,
    validations: YEAR,
  });
  site.createField("registeredAct", { type: "Symbol", name: "Registered under", required: true });
  site.createField("highlightMembers", {
    type: "Integer",
    name: "Home page: more than … members",
    required: true,
    validations: COUNT,
  });
  site.createField("highlightLifeMembers", {
    type: "Integer",
    name: "Home page: more than … life members",
    required: true,
    validations: COUNT,
  });
  site.createField("highlightForeignMembers", {
    type: "Integer",
    name: "Home page: foreign members",
    required: true,
    validations: COUNT,
  });
  site.createField("highlightHonoraryFellows", {
    type: "Integer",
    name: "Home page: honorary fellows",
    required: true,
    validations: COUNT,
  });
  site.createField("members", {
    type: "Integer",
    name: "About page: members",
    required: true,
    validations: COUNT,
  });
  site.createField("lifeMembers", {
    type: "Integer",
    name: "About page: life members",
    required: true,
    validations: COUNT,
  });
  site.createField("annualMembers", {
    type: "Integer",
    name: "About page: annual members",
    required: true,
    validations: COUNT,
  });
  site.createField("journalName", { type: "Symbol", name: "Journal name", required: true });
  site.createField("journalUrl", {
    type: "Symbol",
    name: "Journal address",
    required: true,
    validations: HTTPS,
  });
  site.createField("journalImpactFactor", {
    type: "Number",
    name: "Journal impact factor",
    required: true,
    validations: [{ range: { min: 0 } }],
  });
  site.createField("journalIssuesPerYear", {
    type: "Integer",
    name: "Journal issues a year",
    required: true,
    validations: COUNT,
  });
  site.createField("journalFrequency", { type: "Symbol", name: "Journal frequency", required: true });
  site.createField("journalMonths", {
    type: "Array",
    name: "Journal months",
    required: true,
    items: { type: "Symbol", validations: [{ in: MONTHS }] },
  });
  site.createField("counters", {
    type: "Array",
    name: "Home page counters",
    required: true,
    validations: [{ size: { min: 4, max: 4 } }],
    items: { type: "Link", linkType: "Entry", validations: [{ linkContentType: ["counter"] }] },
  });
  site.createField("publisherName", { type: "Symbol", name: "Publisher (footer)", required: true });
  site.createField("publisherUrl", {
    type: "Symbol",
    name: "Publisher address",
    required: true,
    validations: HTTPS,
  });
  site.createField("copyrightSince", {
    type: "Integer",
    name: "Copyright since (year)",
    required: true,
    validations: [{ range: { min: 1990, max: 2100 } }],
  });

  const about = migration.createContentType("aboutPage", {
    name: "About page",
    displayField: "title",
    description: "About Society (/about-us): history, aims and objectives, two images.",
  });
  about.createField("title", { type: "Symbol", name: "Title", required: true });
  about.createField("description", { type: "Text", name: "Description (search engines)", required: true });
  about.createField("history", { type: "RichText", name: "History", required: true, validations: RICH_TEXT });
  about.createField("aimsIntro", { type: "Text", name: "Aims: introduction", required: true });
  about.createField("aims", {
    type: "Array",
    name: "Aims and objectives",
    required: true,
    validations: [{ size: { min: 5, max: 5 } }],
    items: { type: "Symbol" },
  });
  about.createField("images", {
    type: "Array",
    name: "Images",
    required: true,
    validations: [{ size: { min: 2, max: 2 } }],
    items: { type: "Link", linkType: "Entry", validations: [{ linkContentType: ["figure"] }] },
  });
  about.changeFieldControl("title", "builtin", "singleLine", { helpText: INTERNAL_TITLE });

  const section = migration.createContentType("rulesSection", {
    name: "Rules section",
    displayField: "title",
    description: "One section of the Constitution and Rules page.",
  });
  section.createField("anchor", {
    type: "Symbol",
    name: "Anchor",
    required: true,
    validations: [
      { unique: true },
      { regexp: { pattern: "^[a-z][a-z0-9-]*$" }, message: "Lowercase words joined by hyphens, e.g. fees" },
    ],
  });
  section.createField("title", { type: "Symbol", name: "Title", required: true });
  section.createField("body", { type: "RichText", name: "Text", required: true, validations: RICH_TEXT });
  section.changeFieldControl("anchor", "builtin", "slugEditor", {
    helpText: "The section's address on the page (/rules#fees). Changing it breaks links to it.",
    trackingFieldId: "title",
  });

  const rules = migration.createContentType("rulesPage", {
    name: "Rules page",
    displayField: "title",
    description: "Constitution and Rules (/rules): the introduction and the sections in order.",
  });
  rules.createField("title", { type: "Symbol", name: "Title", required: true });
  rules.createField("description", { type: "Text", name: "Description (search engines)", required: true });
  rules.createField("intro", { type: "Text", name: "Introduction", required: true });
  rules.createField("sections", {
    type: "Array",
    name: "Sections",
    required: true,
    validations: [{ size: { min: 1 } }],
    items: { type: "Link", linkType: "Entry", validations: [{ linkContentType: ["rulesSection"] }] },
  });
  rules.changeFieldControl("title", "builtin", "singleLine", { helpText: INTERNAL_TITLE });

  const congress = migration.createContentType("congressPage", {
    name: "Congress page",
    displayField: "title",
    description: "The congress page (/congress): its text, brochure, registration link and event.",
  });
  congress.createField("title", { type: "Symbol", name: "Title", required: true });
  congress.createField("description", { type: "Text", name: "Description (search engines)", required: true });
  congress.createField("about", {
    type: "RichText",
    name: "About the congress",
    required: true,
    validations: RICH_TEXT,
  });
  congress.createField("brochure", {
    type: "Link",
    linkType: "Entry",
    name: "Brochure",
    required: true,
    validations: [{ linkContentType: ["document"] }],
  });
  congress.createField("registrationUrl", {
    type: "Symbol",
    name: "Registration address",
    required: true,
    validations: HTTPS,
  });
  congress.createField("event", {
    type: "Link",
    linkType: "Entry",
    name: "Event",
    required: true,
    validations: [{ linkContentType: ["isgpbEvent"] }],
  });
  congress.changeFieldControl("event", "builtin", "entryLinkEditor", {
    helpText: "The congress's event: its dates, venue and calendar file.",
  });

  const contact = migration.createContentType("contactPage", {
    name: "Contact page",
    displayField: "title",
    description: "Contact (/contact-us): the secretariat's address card.",
  });
  contact.createField("title", { type: "Symbol", name: "Title", required: true });
  contact.createField("description", { type: "Text", name: "Description (search engines)", required: true });
  contact.createField("intro", { type: "Text", name: "Introduction", required: true });
  contact.createField("secretary", { type: "Symbol", name: "Addressed to", required: true });
  contact.createField("address", {
    type: "Array",
    name: "Postal address (one line each)",
    required: true,
    validations: [{ size: { min: 2 } }],
    items: { type: "Symbol" },
  });
  contact.createField("mobile", {
    type: "Symbol",
    name: "Mobile",
    required: true,
    validations: [{ regexp: { pattern: "^\\+?[\\d\\s-]{7,20}$" }, message: "A phone number" }],
  });
  contact.createField("email", {
    type: "Symbol",
    name: "E-mail",
    required: true,
    validations: [{ regexp: { pattern: "^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$" }, message: "An e-mail address" }],
  });
  contact.createField("staff", {
    type: "Array",
    name: "Office staff",
    required: true,
    validations: [{ size: { min: 3, max: 3 } }],
    items: { type: "Link", linkType: "Entry", validations: [{ linkContentType: ["person"] }] },
  });
  contact.changeFieldControl("title", "builtin", "singleLine", { helpText: INTERNAL_TITLE });
}
