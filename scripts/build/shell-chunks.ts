/**
 * How the browser's JavaScript is cut into files. Left to itself, the bundler gives every set of
 * routes that shares a module a file of its own: /about-us fetched 21 script files, 12 of them
 * under 1 KB, and every one of them is a request a slow phone makes beside the page's stylesheet.
 * This plugin adds two groups to the client build (rolldown's `codeSplitting`):
 * - `framework`: React, react-dom, the scheduler and the router. Every page needs all of it, and
 *   it changes only when they are upgraded, so it stays in the visitor's cache across deploys.
 * - `shell`: the site's own modules that the root route reaches by static imports (the header,
 *   menu, footer, newsletter form and what they use) and their CSS. Every page loads them anyway,
 *   so one file for all of them adds no byte to any page.
 * A route's own code, and modules that only some routes share, keep the bundler's splitting, so a
 * page still downloads only what it uses (the script budget, scripts/build/script-budget.ts).
 */
import type { Plugin } from "vite";

/** React, react-dom, the scheduler and the router: the runtime the client chose. */
const FRAMEWORK_PACKAGE = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
/** The root route's module, as the framework's client build names it (with its query). */
const ROOT_ROUTE = /[\\/]src[\\/]app[\\/]root\.tsx(\?|$)/;
/** A route module as an entry of the client build: it stays the route's own file. */
const ROUTE_ENTRY = /\?__react-router-build-client-route/;
/** The root route's own code stays in its file too (otherwise that file only re-exports the shell). */
const inShell = (shell: Set<string>, id: string) =>
  shell.has(id) && !ROUTE_ENTRY.test(id) && !ROOT_ROUTE.test(id) && !FRAMEWORK_PACKAGE.test(id);

export function shellChunksPlugin(): Plugin {
  /** Module ids the root route reaches by static imports, found when the client graph is complete. */
  const shell = new Set<string>();
  return {
    name: "isgpb-shell-chunks",
    apply: "build",
    buildEnd() {
      if (this.environment.name !== "client") return;
      const roots = [...this.getModuleIds()].filter((id) => ROOT_ROUTE.test(id));
      const pending = [...roots];
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (shell.has(id)) continue;
        shell.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
    outputOptions(options) {
      if (this.environment.name !== "client") return null;
      return {
        ...options,
        codeSplitting: {
          groups: [
            { name: "framework", test: FRAMEWORK_PACKAGE, priority: 2 },
            {
              name: "shell",
              test: (id: string) => inShell(shell, id),
              priority: 1,
            },
          ],
        },
      };
    },
  };
}
