/**
 * The membership page's title names its entry in Contentful only, as the other pages' titles do
 * (0003, 0004, 0005), but its editor did not say so: now it does, so no one changes it expecting
 * the page to change. (content-model-schemas.server.test.ts asks it of every title the site does
 * not show.)
 */
import type Migration from "contentful-migration";

export default function membershipTitleHelp(migration: Migration) {
  migration.editContentType("membershipPage").changeFieldControl("title", "builtin", "singleLine", {
    helpText: "Names this entry in Contentful only; the site does not show it.",
  });
}
