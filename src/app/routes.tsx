import type { LazyRouteFunction, RouteObject } from "react-router-dom";
import { RootLayout } from "./root-layout";
import { RouteError } from "./route-error";

// Route modules are split out and loaded on demand; the id of each page is its file's name.
type RouteModule = Awaited<ReturnType<LazyRouteFunction<RouteObject>>>;
const routeModules = import.meta.glob<RouteModule>(["../routes/*.tsx", "!../routes/*.test.tsx"]);

function page(id: string, path: string): RouteObject {
  const lazy = routeModules[`../routes/${id}.tsx`];
  if (!lazy) throw new Error(`route "${id}" has no module src/routes/${id}.tsx`);
  return path === "/" ? { id, index: true, lazy } : { id, path, lazy };
}

/** Every page of the site, in menu order; the prerender, sitemap and footer read this list. */
export const pages = [
  page("home", "/"),
  page("about-us", "/about-us"),
  page("rules", "/rules"),
  page("office-bearers", "/office-bearers"),
  page("directory", "/directory"),
  page("executive-council", "/executive-council"),
  page("editorial-board", "/editorial-board"),
  page("fellowship", "/fellowship"),
  page("awards", "/awards"),
  page("news-events", "/news-events"),
  page("news-detail", "/news/:slug"),
  page("events", "/events"),
  page("event-detail", "/events/:slug"),
  page("congress", "/congress"),
  page("contact-us", "/contact-us"),
  page("sign-up", "/sign-up"),
  page("login", "/login"),
  page("search", "/search"),
] as const;

/**
 * Pages reached from a form's outcome, a link in an e-mail or a signed-in member's own menu, not
 * from the site's menus; they are kept out of search (noindex in their meta).
 */
export const actionPages = [
  page("account", "/account"),
  page("account-membership", "/account/membership"),
  page("account-directory-entry", "/account/directory-entry"),
  page("account-directory-entry-current", "/account/directory-entry/current"),
  page("account-my-data", "/account/my-data"),
  page("account-closed", "/account/closed"),
  page("approve-payment", "/approve-payment"),
  page("verify-email", "/verify-email"),
  page("forgot-password", "/forgot-password"),
  page("reset-password", "/reset-password"),
  page("account-settings", "/account/settings"),
  page("account-confirm-email", "/account/confirm-email"),
  page("newsletter", "/newsletter"),
  page("newsletter-confirm", "/newsletter/confirm"),
  page("newsletter-unsubscribe", "/newsletter/unsubscribe"),
] as const;

export const notFoundRoute = page("not-found", "*");

export const routes: RouteObject[] = [
  {
    id: "root",
    path: "/",
    Component: RootLayout,
    ErrorBoundary: RouteError,
    children: [...pages, ...actionPages, notFoundRoute],
  },
];
