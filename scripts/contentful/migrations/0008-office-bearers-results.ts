/**
 * A term of office bearers may name the results page of the online election that chose its
 * Council (issue 59; decision 0058). Optional: the terms before online elections have none, and a
 * new term's link is set by the office when that Council takes office, in the same edit that adds
 * its office bearers. The pattern is the YAML schema's (src/shared/schemas/office-bearers.ts).
 */
import type Migration from "contentful-migration";

export default function officeBearersResults(migration: Migration) {
  const term = migration.editContentType("officeBearersTerm");
  term.createField("results", {
    type: "Symbol",
    name: "Election results page",
    validations: [
      {
        regexp: {
          pattern: "^/elections/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/results$",
        },
        message: "The address of an election's results page on this site, like /elections/…/results",
      },
    ],
  });
  term.changeFieldControl("results", "builtin", "singleLine", {
    helpText:
      "For a Council elected online: the address of its election's results page (from the page's address bar, without https://www.isgpb.org). Set it when the new Council takes office; leave empty otherwise.",
  });
}
