import type { ReactNode } from "react";
import { type PreloadModuleOptions, preload, preloadModule } from "react-dom";
import type { EntryContext } from "react-router";
import { pageModules } from "./page-modules.ts";
import { pageStylesheets } from "./page-stylesheets.ts";

/**
 * What the first paint waits for, asked for first. React writes a preload of each of the page's
 * stylesheets at the top of the head (decision 0034), then a preload of each of its script
 * modules at low priority (decision 0043). The page reads whole without its scripts, and they only
 * hydrate it, so the browser should give the link to the stylesheets and the first image before
 * them. The framework's own module preloads, which `<Scripts />` writes and React hoists after
 * these, find each module already on its way and ask for nothing more; the stylesheet links of
 * `<Links />` use the preloaded responses.
 *
 * It wraps the server's router rather than standing beside it: a sibling would change the path
 * React draws `useId`'s ids from, so the ids the server wrote would not be the ones the browser's
 * router (alone at the root) gives the same elements when it hydrates.
 */
export function StylesheetsFirst({
  context,
  scripts,
  nonce,
  children,
}: {
  context: EntryContext;
  /** Whether the page comes with its scripts (the secretariat's preview frame does not). */
  scripts: boolean;
  /** The request's nonce, which the framework's own module preloads carry too. */
  nonce?: string;
  children: ReactNode;
}) {
  for (const href of pageStylesheets(context)) preload(href, { as: "style" });
  if (!scripts) return children;
  // React DOM 19.3 writes `fetchPriority` on a module preload (react/react#36835); its types
  // (19.3.0) do not list it yet.
  const options: PreloadModuleOptions & { fetchPriority: "low" } = {
    as: "script",
    fetchPriority: "low",
    nonce,
  };
  for (const href of pageModules(context)) preloadModule(href, options);
  return children;
}
