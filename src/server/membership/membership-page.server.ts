import { readFile } from "node:fs/promises";
import path from "node:path";
import { MEMBERSHIP_PANEL_ID } from "#shared/api/membership.ts";

/** The prerendered account page, shipped with the function (netlify.toml's included_files). */
const SHELL_FILE = "dist/account/index.html";
let shell: Promise<string> | undefined;

export function accountShell(root = process.cwd()): Promise<string> {
  shell ??= readFile(path.join(root, SHELL_FILE), "utf8");
  shell.catch(() => {
    shell = undefined;
  });
  return shell;
}

/**
 * The account page with the membership part filled in, for a browser without JavaScript. The
 * hydration data is dropped, so a browser that does run the script renders the page afresh
 * rather than hydrating markup made for no one.
 */
export function fillAccountPage(page: string, panelHtml: string): string {
  const slot = new RegExp(`(<section[^>]*\\bid="${MEMBERSHIP_PANEL_ID}"[^>]*>)([\\s\\S]*?)(</section>)`);
  if (!slot.test(page)) throw new Error(`the account page has no #${MEMBERSHIP_PANEL_ID} element`);
  return page
    .replace(
      slot,
      (_, open: string, _old: string, close: string) =>
        `${open.replace(/\saria-label="[^"]*"/, ' aria-labelledby="membership-title"')}${panelHtml}${close}`,
    )
    .replace(/<script type="application\/json" id="hydration-data">[\s\S]*?<\/script>/, "");
}
