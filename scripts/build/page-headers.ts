import { createHash } from "node:crypto";
import { NON_PAGE_CSP, pageCsp } from "../../src/server/http/page-headers.server.ts";

/**
 * The inline scripts of a prerendered page, as CSP source expressions ('sha256-…'): what the
 * framework writes into the page (its hydration data, its module loader, scroll restoration).
 * Structured data (application/ld+json) is never run, and a CSP does not cover it.
 */
export function inlineScripts(document: Document): string[] {
  const run = [...document.querySelectorAll("script:not([src])")].filter((script) => {
    const type = script.getAttribute("type");
    return !type || type === "module" || type === "text/javascript";
  });
  return hashes(run);
}

/** The stylesheets written into a prerendered page's head (decision 0045), as CSP source expressions. */
export function inlineStyles(document: Document): string[] {
  return hashes([...document.querySelectorAll("style")]);
}

const hashes = (elements: Element[]) =>
  [
    ...new Set(
      elements.map(
        (element) =>
          `'sha256-${createHash("sha256")
            .update(element.textContent ?? "")
            .digest("base64")}'`,
      ),
    ),
  ].sort();

/** Folders of files that are no page: they may run nothing and be framed by no one. */
const FILE_FOLDERS = ["/assets/*", "/images/*", "/downloads/*", "/news-media/*"];

/**
 * Netlify's _headers file for the prerendered pages (the address with and without its trailing
 * slash, both served by the same file) and the folders of other files. netlify.toml gives every
 * static file the other security headers; the policy is only ever set here, once per address.
 */
export function headersFile(
  pages: readonly { url: string; scripts: readonly string[]; styles: readonly string[] }[],
): string {
  const rules = pages.flatMap(({ url, scripts, styles }) => {
    const csp = pageCsp(scripts.join(" "), styles.join(" "));
    const paths = url === "/" ? ["/"] : [url, `${url}/`];
    return paths.map((one) => `${one}\n  Content-Security-Policy: ${csp}`);
  });
  const files = FILE_FOLDERS.map((folder) => `${folder}\n  Content-Security-Policy: ${NON_PAGE_CSP}`);
  return `${[...rules, ...files].join("\n")}\n`;
}
