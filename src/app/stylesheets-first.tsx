import type { ReactNode } from "react";
import { preload } from "react-dom";
import type { EntryContext } from "react-router";
import { pageStylesheets } from "./page-stylesheets.ts";

/**
 * A preload of each of the page's stylesheets, which React writes at the top of the head. React
 * puts the framework's module preloads (written by `<Scripts />` in the body) in the head too,
 * ahead of the stylesheet links of `<Links />`, so a phone asked for a dozen script files before
 * the CSS that its first paint waits for, and on a slow link painted the page later than without
 * scripts (decision 0034). The stylesheet links that follow use the preloaded responses.
 *
 * It wraps the server's router rather than standing beside it: a sibling would change the path
 * React draws `useId`'s ids from, so the ids the server wrote would not be the ones the browser's
 * router (alone at the root) gives the same elements when it hydrates.
 */
export function StylesheetsFirst({ context, children }: { context: EntryContext; children: ReactNode }) {
  for (const href of pageStylesheets(context)) preload(href, { as: "style" });
  return children;
}
