import { escapeXml } from "./escape-xml.server.ts";

/** sitemap.xml: the prerendered pages, which are the ones search engines should list. */
export function sitemapXml(siteUrl: string, paths: readonly string[]): string {
  const entries = paths.map((path) => `  <url><loc>${escapeXml(new URL(path, siteUrl).href)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${entries.join("\n")}
</urlset>
`;
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *
Disallow: /api/
Disallow: /account
Disallow: /secretariat
Sitemap: ${new URL("/sitemap.xml", siteUrl).href}
`;
}

/** A file made from the content, with the type a browser and a crawler expect. */
export const fileResponse = (body: string, contentType: string) =>
  new Response(body, { headers: { "Content-Type": contentType } });
