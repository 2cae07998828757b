const escapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text made safe for XML (the feed, the sitemap) content and attribute values. */
export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c] as string);
