/**
 * The small parts the pages are built from: a document to download, an image with its alt text
 * and caption, a person (in the Council, on the Editorial Board, in the office), a home page
 * counter. Pages link to them, so the same document or person is edited once.
 */
import type Migration from "contentful-migration";

const ZONES = ["NZ", "EZ", "MEZ", "CZ", "WZ", "SZ"];

export default function documentsFiguresPeople(migration: Migration) {
  const document = migration.createContentType("document", {
    name: "Document",
    displayField: "title",
    description: "A file to download (a PDF, a form) with the text its link shows.",
  });
  document.createField("title", { type: "Symbol", name: "Link text", required: true });
  document.createField("file", { type: "Link", linkType: "Asset", name: "File", required: true });
  document.changeFieldControl("title", "builtin", "singleLine", {
    helpText: "What the link says on the site, e.g. 'Guidelines' or 'Download'.",
  });

  const figure = migration.createContentType("figure", {
    name: "Figure",
    displayField: "alt",
    description: "An image on a page, with the text that stands for it and an optional caption.",
  });
  figure.createField("image", {
    type: "Link",
    linkType: "Asset",
    name: "Image",
    required: true,
    validations: [{ linkMimetypeGroup: ["image"] }],
  });
  figure.createField("alt", { type: "Symbol", name: "Alt text", required: true });
  figure.createField("caption", { type: "Symbol", name: "Caption" });
  figure.changeFieldControl("alt", "builtin", "singleLine", {
    helpText: "What the image shows, for someone who cannot see it.",
  });

  const person = migration.createContentType("person", {
    name: "Person",
    displayField: "name",
    description: "Someone named on the Council, Editorial Board or Contact pages.",
  });
  person.createField("name", { type: "Symbol", name: "Name", required: true });
  person.createField("position", { type: "Symbol", name: "Position" });
  person.createField("institute", { type: "Symbol", name: "Institute" });
  person.createField("zone", { type: "Symbol", name: "Zone", validations: [{ in: ZONES }] });
  person.createField("phone", {
    type: "Symbol",
    name: "Phone",
    validations: [
      { regexp: { pattern: "^\\+?[\\d\\s-]{7,20}$" }, message: "A phone number, e.g. +91 11 0000 0000" },
    ],
  });
  person.changeFieldControl("position", "builtin", "singleLine", {
    helpText: "Shown for the journal's Editor and Associate Editors only; leave empty elsewhere.",
  });
  person.changeFieldControl("institute", "builtin", "singleLine", {
    helpText: "Shown for the Council and the Editorial Board; leave empty for office staff.",
  });
  person.changeFieldControl("zone", "builtin", "dropdown", {
    helpText: "For a Councillor only: the zone represented.",
  });
  person.changeFieldControl("phone", "builtin", "singleLine", {
    helpText: "For office staff (Contact page, Editorial Board secretariat) only.",
  });

  const counter = migration.createContentType("counter", {
    name: "Home page counter",
    displayField: "label",
    description: "One of the four figures that count up on the home page.",
  });
  counter.createField("label", { type: "Symbol", name: "Label", required: true });
  counter.createField("value", {
    type: "Integer",
    name: "Value",
    required: true,
    validations: [{ range: { min: 0 } }],
  });
}
