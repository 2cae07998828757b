import { DIRECTORY_ENTRY_PART_ID } from "#shared/api/own-data.ts";
import { escapeHtml } from "#shared/escape-html.ts";
import {
  HIDEABLE_FIELDS,
  type HideableField,
  NO_DIRECTORY_ENTRY,
  ownEntryRows,
} from "#shared/member-privacy.ts";
import type { Member } from "#shared/schemas/directory.ts";
import { presetForm } from "../forms/fill-form.server.ts";
import { fillPart, prerenderedPage } from "./signed-in-page.server.ts";

/** The prerendered page of DIRECTORY_ENTRY_PAGE, shipped with the function (netlify.toml's included_files). */
export const directoryEntryShell = (root?: string) =>
  prerenderedPage("dist/account/directory-entry/current/index.html", root);

const PRIVACY_ACTION = "/api/account/directory-privacy";

/** What the page shows: the member's entry and its hidden details, or why there is none. */
export type EntryView = { entry: Member | null; hidden: readonly HideableField[] } | "unavailable";

export const ENTRY_UNAVAILABLE =
  "Your directory entry could not be loaded just now, so your choices cannot be shown. Please try again in a minute.";

const row = (label: string, value: string) =>
  `<div><dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value || "—")}</dd></div>`;

/** The entry as the page's script shows it (EntryDetails), and which details other members do not see. */
function entryHtml(entry: Member, hidden: readonly HideableField[]): string {
  const rows = ownEntryRows(entry);
  const hiddenLabels = HIDEABLE_FIELDS.filter(({ value }) => hidden.includes(value)).map(({ label }) =>
    label.toLowerCase(),
  );
  const shown =
    hiddenLabels.length > 0
      ? `Hidden from other members: ${hiddenLabels.join(", ")}.`
      : "Nothing is hidden from other members.";
  return `<dl>${rows.map(([label, value]) => row(label, value)).join("")}</dl><p data-hidden-details="">${escapeHtml(shown)}</p>`;
}

/**
 * The directory-entry page for a browser without JavaScript, filled in for the signed-in member:
 * the entry and what is hidden in its part, and the hide form's boxes ticked as the choice now in
 * force, so saving changes only what the member changes. With no entry (or none to be had just
 * now) the hide form is left out: there is nothing to hide, or no choice to show.
 */
export function fillDirectoryEntryPage(page: string, view: EntryView): string {
  const body =
    view === "unavailable"
      ? `<p>${escapeHtml(ENTRY_UNAVAILABLE)}</p>`
      : view.entry
        ? entryHtml(view.entry, view.hidden)
        : `<p>${escapeHtml(NO_DIRECTORY_ENTRY)}</p>`;
  const filled = fillPart(
    page,
    DIRECTORY_ENTRY_PART_ID,
    `<h2 id="entry-title">Your entry</h2>${body}`,
    "entry-title",
  );
  if (view !== "unavailable" && view.entry) {
    const ticked = presetForm(filled, PRIVACY_ACTION, { hide: [...view.hidden] });
    if (!ticked) throw new Error(`the directory-entry page has no form posting to ${PRIVACY_ACTION}`);
    return ticked;
  }
  return filled.replace(new RegExp(`<form\\b[^>]*\\saction="${PRIVACY_ACTION}"[^>]*>[\\s\\S]*?</form>`), "");
}
