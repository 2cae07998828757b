import { readFile } from "node:fs/promises";
import path from "node:path";

const pages = new Map<string, Promise<string>>();

/**
 * A prerendered page shipped with a function (netlify.toml's included_files), read once per warm
 * instance; a failed read is tried again by the next request.
 */
export function prerenderedPage(file: string, root = process.cwd()): Promise<string> {
  const where = path.join(root, file);
  let page = pages.get(where);
  if (!page) {
    page = readFile(where, "utf8");
    pages.set(where, page);
    page.catch(() => pages.delete(where));
  }
  return page;
}

/**
 * A member's page for a browser without JavaScript: the prerendered page with one part (the
 * element with `id`) filled in on the server for the signed-in member, labelled by the heading the
 * part brings (`labelledBy`). The hydration data is dropped, so a browser that does run the script
 * renders the page afresh rather than hydrating markup made for no one.
 */
export function fillPart(page: string, id: string, html: string, labelledBy: string): string {
  const slot = new RegExp(`(<(section|div)[^>]*\\bid="${id}"[^>]*>)([\\s\\S]*?)(</\\2>)`);
  if (!slot.test(page)) throw new Error(`the page has no #${id} element`);
  return page
    .replace(
      slot,
      (_, open: string, _tag: string, _old: string, close: string) =>
        `${open
          .replace(/\saria-label="[^"]*"/, "")
          .replace(/\saria-labelledby="[^"]*"/, "")
          .replace(/>$/, ` aria-labelledby="${labelledBy}">`)}${html}${close}`,
    )
    .replace(/<script type="application\/json" id="hydration-data">[\s\S]*?<\/script>/, "");
}
