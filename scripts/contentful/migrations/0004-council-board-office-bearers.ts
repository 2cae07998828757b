/**
 * Who holds office: the office bearers of every term (one entry per term, listing its office
 * bearers), the Executive Council in office and the journal's Editorial Board (people are
 * `person` entries, linked).
 */
import type Migration from "contentful-migration";

const people = (count?: number) => ({
  type: "Array" as const,
  required: true,
  ...(count
    ? { validations: [{ size: { min: count, max: count } }] }
    : { validations: [{ size: { min: 1 } }] }),
  items: {
    type: "Link" as const,
    linkType: "Entry" as const,
    validations: [{ linkContentType: ["person"] }],
  },
});
const onePerson = {
  type: "Link" as const,
  linkType: "Entry" as const,
  required: true,
  validations: [{ linkContentType: ["person"] }],
};

export default function councilBoardOfficeBearers(migration: Migration) {
  const bearer = migration.createContentType("officeBearer", {
    name: "Office bearer",
    displayField: "title",
    description: "One office and who held it in a term, e.g. President: Dr. A. B. Name.",
  });
  bearer.createField("title", { type: "Symbol", name: "Office", required: true });
  bearer.createField("name", { type: "Text", name: "Name (one a line when several)", required: true });

  const term = migration.createContentType("officeBearersTerm", {
    name: "Office bearers of a term",
    displayField: "year",
    description: "A term in the list on /office-bearers, with its office bearers when they are on record.",
  });
  term.createField("year", {
    type: "Symbol",
    name: "Year or years",
    required: true,
    validations: [
      { unique: true },
      { regexp: { pattern: "^\\d{4}(-\\d{4})?$" }, message: "A year like 1981 or a range like 2020-2022" },
    ],
  });
  term.createField("bearers", {
    type: "Array",
    name: "Office bearers",
    items: { type: "Link", linkType: "Entry", validations: [{ linkContentType: ["officeBearer"] }] },
  });
  term.changeFieldControl("bearers", "builtin", "entryLinksEditor", {
    helpText: "Leave empty for a term whose office bearers are not on record: the page says so.",
  });

  const council = migration.createContentType("executiveCouncil", {
    name: "Executive Council",
    displayField: "term",
    description: "The Executive Council in office (/executive-council and the home page).",
  });
  council.createField("term", {
    type: "Symbol",
    name: "Term",
    required: true,
    validations: [{ regexp: { pattern: "^\\d{4}-\\d{4}$" }, message: "Years like 2023-2024" }],
  });
  council.createField("president", { ...onePerson, name: "President" });
  council.createField("vicePresidents", { ...people(2), name: "Vice-Presidents" });
  council.createField("secretary", { ...onePerson, name: "Secretary" });
  council.createField("editor", { ...onePerson, name: "Editor" });
  council.createField("treasurer", { ...onePerson, name: "Treasurer" });
  council.createField("councillors", { ...people(6), name: "Councillors (one per zone)" });

  const board = migration.createContentType("editorialBoard", {
    name: "Editorial Board",
    displayField: "title",
    description: "The journal's Editorial Board (/editorial-board).",
  });
  board.createField("title", { type: "Symbol", name: "Title", required: true });
  board.createField("editor", { ...onePerson, name: "Editor" });
  board.createField("associateEditors", { ...people(), name: "Associate Editors" });
  board.createField("members", { ...people(), name: "Members" });
  board.createField("secretariat", { ...people(), name: "Secretariat" });
  board.changeFieldControl("title", "builtin", "singleLine", {
    helpText: "Names this entry in Contentful only; the site does not show it.",
  });
}
