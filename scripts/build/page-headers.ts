import { createHash } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
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

const inFileFolder = (address: string) =>
  FILE_FOLDERS.some((folder) => address.startsWith(folder.slice(0, -1)));

/**
 * The addresses of the build's static files that are neither a prerendered page (an index.html)
 * nor in one of FILE_FOLDERS: the files the framework prerenders from resource routes
 * (robots.txt, sitemap.xml, the news feed), the pages' data (`/about-us.data`), the site search's
 * index and what public/ holds at the top (favicon.svg). Netlify would join the policies of two
 * rules that match one address, and a page's must stay its own, so each such file gets a rule of
 * its own rather than a pattern that could match a page.
 */
export async function otherFiles(client: string): Promise<string[]> {
  const files = await readdir(client, { recursive: true, withFileTypes: true });
  return files
    .filter((file) => file.isFile() && file.name !== "index.html" && file.name !== "_headers")
    .map(
      (file) => `/${path.relative(client, path.join(file.parentPath, file.name)).split(path.sep).join("/")}`,
    )
    .filter((address) => !inFileFolder(address))
    .sort();
}

/**
 * Netlify's _headers file for the prerendered pages (the address with and without its trailing
 * slash, both served by the same file), the folders of other files and every other file
 * (otherFiles). netlify.toml gives every static file the other security headers; the policy is
 * only ever set here, once per address.
 */
export function headersFile(
  pages: readonly { url: string; scripts: readonly string[]; styles: readonly string[] }[],
  files: readonly string[],
): string {
  const rules = pages.flatMap(({ url, scripts, styles }) => {
    const csp = pageCsp(scripts.join(" "), styles.join(" "));
    const paths = url === "/" ? ["/"] : [url, `${url}/`];
    return paths.map((one) => `${one}\n  Content-Security-Policy: ${csp}`);
  });
  const others = [...FILE_FOLDERS, ...files.filter((file) => !inFileFolder(file))].map(
    (address) => `${address}\n  Content-Security-Policy: ${NON_PAGE_CSP}`,
  );
  return `${[...rules, ...others].join("\n")}\n`;
}
