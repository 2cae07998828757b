/**
 * Pure helpers that turn a rendered page into a complete HTML document, and the route list into
 * sitemap.xml and robots.txt. Used by scripts/build/prerender.ts; no file system here.
 */

import { BOOT_ENTRY_ATTRIBUTE, BOOT_MODULES_ATTRIBUTE } from "../../src/app/deferred-start.ts";
import { escapeHtml } from "../../src/shared/escape-html.ts";

export type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

/** The app's entry module (a build input of its own, started by the boot script). */
export const APP_ENTRY = "src/app/entry-client.tsx";
/**
 * The route table, which the entry imports in a task of its own (entry-client.tsx says why):
 * a chunk every page needs, so every page's boot script lists it with the entry's.
 */
export const APP_ROUTES = "src/app/routes.tsx";

export type PageDocument = {
  url: URL;
  html: string;
  meta: {
    title: string;
    description: string;
    image?: string;
    preloadImage?: { href: string; srcset?: string | null; sizes?: string };
    type?: string;
    jsonLd?: Record<string, unknown>;
    noindex?: boolean;
  };
  canonical: string;
  siteName: string;
  hydrationJson: string;
  /** Source files of the page's route modules, as keys of the Vite manifest. */
  modules: string[];
};

/** JSON that cannot close its <script> element early. */
export const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/** JS chunks and CSS files of the given modules and of what they import, statically. */
export function assetsFor(manifest: Manifest, modules: string[]): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    js.add(`/${chunk.file}`);
    for (const file of chunk.css ?? []) css.add(`/${file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return { js: [...js], css: [...css] };
}

export function renderDocument(template: string, page: PageDocument, manifest: Manifest): string {
  const { css } = assetsFor(manifest, page.modules);
  const { js } = assetsFor(manifest, [APP_ENTRY, APP_ROUTES, ...page.modules]);
  const entry = assetsFor(manifest, [APP_ENTRY]).js[0];
  const title = escapeHtml(page.meta.title);
  const description = escapeHtml(page.meta.description);
  const canonical = escapeHtml(page.canonical);
  const image = page.meta.image && escapeHtml(new URL(page.meta.image, page.canonical).href);
  const head = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${canonical}" />`,
    ...(page.meta.noindex ? [`<meta name="robots" content="noindex" />`] : []),
    `<meta property="og:type" content="${escapeHtml(page.meta.type ?? "website")}" />`,
    `<meta property="og:site_name" content="${escapeHtml(page.siteName)}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${canonical}" />`,
    `<meta name="twitter:card" content="${image ? "summary_large_image" : "summary"}" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    ...(image
      ? [
          `<meta property="og:image" content="${image}" />`,
          `<meta name="twitter:image" content="${image}" />`,
        ]
      : []),
    ...(page.meta.jsonLd
      ? [`<script type="application/ld+json">${safeJson(page.meta.jsonLd)}</script>`]
      : []),
    ...css
      .filter((href) => !template.includes(href))
      .map((href) => `<link rel="stylesheet" href="${href}" />`),
  ].join("\n    ");
  // No modulepreload links: anything the head names starts downloading at once, sharing a slow
  // link with the HTML, CSS and hero image. The boot script fetches these after first paint.
  const boot = `${BOOT_ENTRY_ATTRIBUTE}="${escapeHtml(entry ?? "")}" ${BOOT_MODULES_ATTRIBUTE}="${escapeHtml(js.filter((href) => !template.includes(href)).join(" "))}"`;
  const hydration = `<script type="application/json" id="hydration-data">${page.hydrationJson}</script>`;
  return (
    template
      // The page reads fully before any script runs: the small boot script (src/app/boot.ts) must
      // not compete with the HTML, CSS and images for a slow connection's bandwidth either.
      .replace(
        '<script type="module" crossorigin',
        `<script type="module" fetchpriority="low" ${boot} crossorigin`,
      )
      .replaceAll(
        '<link rel="modulepreload" crossorigin',
        '<link rel="modulepreload" fetchpriority="low" crossorigin',
      )
      .replace("<!--app-head-->", head)
      // After the stylesheet, so the render-blocking CSS is not sharing a slow link with the image.
      .replace(
        "</head>",
        page.meta.preloadImage ? `  ${preloadImageLink(page.meta.preloadImage)}\n  </head>` : "</head>",
      )
      .replace("<!--app-html-->", page.html)
      .replace("</body>", `  ${hydration}\n  </body>`)
  );
}

/**
 * Starts the page's largest image (its LCP element) with the HTML instead of after the CSS and
 * layout; with a srcset the browser picks the same candidate the <img> will.
 */
function preloadImageLink(image: NonNullable<PageDocument["meta"]["preloadImage"]>): string {
  const srcset = image.srcset
    ? ` imagesrcset="${escapeHtml(image.srcset)}" imagesizes="${escapeHtml(image.sizes ?? "100vw")}"`
    : "";
  return `<link rel="preload" as="image" href="${escapeHtml(image.href)}"${srcset} fetchpriority="high" />`;
}

/** Where a prerendered URL is written: /a → a/index.html, /a?k=v → a/k/v/index.html. */
export function outputPath(url: string): string {
  const { pathname, searchParams } = new URL(url, "http://x");
  const parts = pathname.split("/").filter(Boolean);
  for (const [key, value] of searchParams) parts.push(key, value);
  return [...parts, "index.html"].join("/");
}

export function sitemapXml(siteUrl: string, urls: string[]): string {
  const entries = urls.map((url) => `  <url><loc>${escapeHtml(new URL(url, siteUrl).href)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${entries.join("\n")}
</urlset>
`;
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *
Disallow: /api/
Sitemap: ${new URL("/sitemap.xml", siteUrl).href}
`;
}
