import { index, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";

/**
 * Every URL of the site. Pages the same for every visitor are prerendered (their paths:
 * src/server/prerender-paths.server.ts); the others, marked "per request" below, are rendered for
 * each visitor by the framework's server handler (docs/decisions/0027). A route module with an
 * action is never prerendered: a static file would answer its form's POST.
 */
const page = (path: string, file: string, id?: string) =>
  id ? route(path, `routes/${file}.tsx`, { id }) : route(path, `routes/${file}.tsx`);

/**
 * Paths match only as written. The pages' POST limits (netlify/edge-functions/) match paths as
 * written, so `/Contact-Us` must not reach the contact form's action around them; another spelling
 * of a page is sent to it by the catch-all (routes/not-found.tsx). The router decodes escapes
 * before matching, so `/%63ontact-us` would match: the root's middleware stops it first
 * (src/server/http/canonical-path.server.ts).
 */
const caseSensitive = (entries: RouteConfigEntry[]): RouteConfigEntry[] =>
  entries.map((entry) => ({
    ...entry,
    caseSensitive: true,
    ...(entry.children ? { children: caseSensitive(entry.children) } : {}),
  }));

export default caseSensitive([
  index("routes/home.tsx"),
  page("about-us", "about-us"),
  page("rules", "rules"),
  page("office-bearers/:year?", "office-bearers"),
  page("directory", "directory"),
  page("directory/page/:page", "directory", "directory-page"),
  page("executive-council", "executive-council"),
  page("editorial-board", "editorial-board"),
  page("fellowship", "fellowship"),
  page("awards", "awards"),
  page("news-events", "news-events"),
  page("news-events/page/:page", "news-events", "news-events-page"),
  page("news/:slug", "news-detail"),
  page("events", "events"),
  page("events/:slug", "event-detail"),
  page("congress", "congress"),
  page("privacy", "privacy"),
  page("account/closed", "account-closed"),

  // Per request: a form's page (its fresh spam-guard token, its refusals), a signed-in page, a search.
  page("contact-us", "contact-us"),
  page("sign-up", "sign-up"),
  page("login", "login"),
  page("logout", "logout"),
  page("forgot-password", "forgot-password"),
  page("reset-password", "reset-password"),
  page("claim-account", "claim-account"),
  page("claim-account/password", "claim-account-password"),
  page("verify-email", "verify-email"),
  page("approve-payment", "approve-payment"),
  page("pay", "pay"),
  page("newsletter", "newsletter"),
  page("newsletter/:action", "newsletter-link"),
  page("account", "account"),
  page("account/settings", "account-settings"),
  page("account/confirm-email", "account-confirm-email"),
  page("account/directory-entry", "account-directory-entry"),
  page("account/my-data", "account-my-data"),
  // A member's receipt as a PDF: a resource route, the session and the receipt's owner checked.
  route("account/receipts/:file", "routes/account-receipt.ts"),
  page("search", "search"),
  page("directory/member/:id", "directory-member"),
  // An election's ballot (signed-in voters) and its results (public once published).
  page("elections/:id/vote", "election-vote"),
  page("elections/:id/results", "election-results"),
  route("elections/:id/ballots.json", "routes/election-ballots-export.ts"),
  page("elections/:id", "election"),

  // The secretariat's workspace, per request behind the layout's session check (secretariat.tsx);
  // only its way in is open to anyone. Its preview frames are resource routes: an e-mail's HTML.
  page("secretariat/sign-in", "secretariat-sign-in"),
  route("secretariat", "routes/secretariat.tsx", [
    index("routes/secretariat-overview.tsx"),
    page("applications", "secretariat-applications"),
    page("applications/:key", "secretariat-application"),
    page("register", "secretariat-register"),
    page("register/merge", "secretariat-register-merge"),
    page("messages", "secretariat-messages"),
    page("held", "secretariat-held"),
    page("payments", "secretariat-payments"),
    page("payments/reconciliation", "secretariat-reconciliation"),
    route("payments/reconciliation.csv", "routes/secretariat-reconciliation-csv.ts"),
    page("newsletter", "secretariat-newsletter"),
    page("newsletter/:issue", "secretariat-newsletter-issue"),
    route("newsletter/:issue/html", "routes/secretariat-newsletter-frame.ts"),
    page("invitations", "secretariat-invitations"),
    page("export", "secretariat-export"),
    page("mails", "secretariat-mails"),
    page("mails/:name", "secretariat-mail"),
    route("mails/:name/html", "routes/secretariat-mail-frame.ts"),
    page("elections", "secretariat-elections"),
    page("elections/:id", "secretariat-election"),
    page("audit", "secretariat-audit"),
    // The Returning Officer's count: the reminder, the close, the lots.
    page("elections/:id/count", "secretariat-election-count"),
    // Any public page as it will look with the drafts in Contentful, drawn in a sandboxed frame.
    page("preview", "secretariat-preview"),
    route("preview/frame", "routes/secretariat-preview-frame.ts"),
    page("*", "secretariat-not-found"),
  ]),

  // Files made from the content, prerendered like the pages.
  route("robots.txt", "routes/robots-txt.ts"),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("news/feed.xml", "routes/news-feed.ts"),

  // Addresses that only send the visitor on.
  route("download", "routes/download.tsx"),
  route("account/membership", "routes/moved.ts", { id: "moved-account-membership" }),
  route("account/directory-entry/current", "routes/moved.ts", { id: "moved-directory-entry" }),
  route("*", "routes/not-found.tsx"),
]) satisfies RouteConfig;
