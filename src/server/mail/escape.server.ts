const escapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** User text inside an HTML e-mail: every markup character escaped. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c] as string);

/** Paragraphs of user text as HTML, line breaks kept. */
export const htmlParagraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\r?\n/g, "<br>")}</p>`)
    .join("");
