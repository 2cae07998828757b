import { escapeHtml } from "#shared/escape-html.ts";

/** Paragraphs of user text as HTML for an e-mail: every markup character escaped, line breaks kept. */
export const htmlParagraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\r?\n/g, "<br>")}</p>`)
    .join("");
