const escapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text made safe for HTML content and attribute values: every markup character escaped. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c] as string);
