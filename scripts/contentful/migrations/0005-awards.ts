/**
 * The awards page: each award with its summary (Rich Text), past recipients and downloads
 * (`document` entries, shared between awards), in the page's order.
 */
import type Migration from "contentful-migration";

// Frozen with this migration, as in 0003.
const RICH_TEXT = [
  {
    enabledNodeTypes: ["heading-3", "heading-4", "unordered-list", "ordered-list", "hyperlink"],
    message: "Use paragraphs, headings 3 and 4, lists and links only.",
  },
  { enabledMarks: ["bold", "italic"], message: "Use bold and italic only." },
];

export default function awards(migration: Migration) {
  const recipient = migration.createContentType("awardRecipient", {
    name: "Award recipient",
    displayField: "name",
    description: "Someone who received an award, and when.",
  });
  recipient.createField("name", { type: "Symbol", name: "Name", required: true });
  recipient.createField("affiliation", { type: "Symbol", name: "Affiliation", required: true });
  recipient.createField("year", {
    type: "Integer",
    name: "Year",
    required: true,
    validations: [{ range: { min: 1941, max: 2100 } }],
  });

  const award = migration.createContentType("award", {
    name: "Award",
    displayField: "name",
    description: "One of the society's awards, on /awards.",
  });
  award.createField("anchor", {
    type: "Symbol",
    name: "Anchor",
    required: true,
    validations: [
      { unique: true },
      { regexp: { pattern: "^[a-z][a-z0-9-]*$" }, message: "Lowercase words joined by hyphens" },
    ],
  });
  award.createField("name", { type: "Symbol", name: "Name", required: true });
  award.createField("frequency", {
    type: "Symbol",
    name: "Given",
    required: true,
    validations: [{ in: ["annual", "biennial"] }],
  });
  award.createField("summary", {
    type: "RichText",
    name: "About the award",
    required: true,
    validations: RICH_TEXT,
  });
  award.createField("recipients", {
    type: "Array",
    name: "Recipients (newest first)",
    items: { type: "Link", linkType: "Entry", validations: [{ linkContentType: ["awardRecipient"] }] },
  });
  award.createField("downloads", {
    type: "Array",
    name: "Downloads",
    required: true,
    validations: [{ size: { min: 1 } }],
    items: { type: "Link", linkType: "Entry", validations: [{ linkContentType: ["document"] }] },
  });
  award.changeFieldControl("anchor", "builtin", "slugEditor", {
    helpText:
      "The award's address on the page (/awards#women-scientist-award). Changing it breaks links to it.",
    trackingFieldId: "name",
  });

  const page = migration.createContentType("awardsPage", {
    name: "Awards page",
    displayField: "title",
    description: "The awards page (/awards): its introduction and the awards in order.",
  });
  page.createField("title", { type: "Symbol", name: "Title", required: true });
  page.createField("intro", { type: "Text", name: "Introduction", required: true });
  page.createField("awards", {
    type: "Array",
    name: "Awards",
    required: true,
    validations: [{ size: { min: 1 } }],
    items: { type: "Link", linkType: "Entry", validations: [{ linkContentType: ["award"] }] },
  });
  page.changeFieldControl("title", "builtin", "singleLine", {
    helpText: "Names this entry in Contentful only; the site does not show it.",
  });
}
