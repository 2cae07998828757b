import { html, PAGE_HEADERS } from "../http/responses.server.ts";
import { type Markup, markup } from "./markup.server.ts";

/**
 * The workspace's navigation, in order. A new section is one entry here and one page in
 * pages.server.ts; `path` is where its page lives.
 */
export type Section = { path: string; label: string };
export const SECTIONS: Section[] = [
  { path: "/secretariat", label: "Overview" },
  { path: "/secretariat/applications", label: "Applications" },
  { path: "/secretariat/messages", label: "Messages" },
  { path: "/secretariat/held", label: "Held back" },
  { path: "/secretariat/newsletter", label: "Newsletter" },
  { path: "/secretariat/export", label: "Export" },
  { path: "/secretariat/mails", label: "E-mail templates" },
  { path: "/secretariat/audit", label: "Audit log" },
];

/** The section a path belongs to: the longest section path it starts with. */
export function sectionOf(pathname: string): Section | undefined {
  return SECTIONS.filter(
    (section) => pathname === section.path || pathname.startsWith(`${section.path}/`),
  ).sort((a, b) => b.path.length - a.path.length)[0];
}

const STYLESHEET = "/secretariat.css";

function document(title: string, content: Markup): Markup {
  return markup`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${title} | ISGPB secretariat</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${STYLESHEET}">
</head>
<body>
${content}
</body>
</html>`;
}

/** A page outside the workspace's navigation: sign-in refusals, a missing record. */
export function barePage(title: string, body: Markup): Markup {
  return document(
    title,
    markup`<header class="ws-header"><a class="ws-brand" href="/">ISGPB</a></header>
<main id="main" class="ws-main ws-bare"><h1>${title}</h1>${body}</main>`,
  );
}

/** The flash a redirect after an action carries: a known code only, never text from the URL. */
export type Flash = { kind: "done" | "error"; text: string };

export type WorkspacePage = {
  title: string;
  /** The path being shown, for the navigation's current section. */
  path: string;
  /** The signed-in secretariat address. */
  who: string;
  flash?: Flash | null;
  body: Markup;
};

/**
 * Every workspace page: a skip link, the header with who is signed in and a plain Sign out form,
 * the sections' navigation (the current one marked for screen readers), the flash of what the last
 * action did, and the page. Pages are whole HTML from the function: no script is needed for
 * anything (docs/decisions/0016).
 */
export function workspaceDocument(page: WorkspacePage): Markup {
  const current = sectionOf(page.path);
  const nav = SECTIONS.map(
    (section) =>
      markup`<li><a href="${section.path}"${section === current ? markup` aria-current="page"` : ""}>${section.label}</a></li>`,
  );
  const flash = page.flash
    ? markup`<p class="ws-flash ws-flash-${page.flash.kind}" role="${page.flash.kind === "error" ? "alert" : "status"}">${page.flash.text}</p>`
    : "";
  return document(
    page.title,
    markup`<a class="ws-skip" href="#main">Skip to content</a>
<header class="ws-header">
<a class="ws-brand" href="/secretariat">ISGPB secretariat</a>
<form class="ws-signout" method="post" action="/api/logout"><span class="ws-who">${page.who}</span> <button type="submit">Sign out</button></form>
</header>
<nav class="ws-nav" aria-label="Workspace"><ul>${nav}</ul></nav>
<main id="main" class="ws-main" tabindex="-1">
<h1>${page.title}</h1>
${flash}
${page.body}
</main>`,
  );
}

export const workspaceResponse = (page: WorkspacePage, status = 200) =>
  html(workspaceDocument(page).value, status, { ...PAGE_HEADERS, Vary: "Cookie" });

export const notFoundPage = (what: string) =>
  html(
    barePage("Not found", markup`<p>${what}</p><p><a href="/secretariat">Back to the workspace</a></p>`)
      .value,
    404,
    PAGE_HEADERS,
  );
