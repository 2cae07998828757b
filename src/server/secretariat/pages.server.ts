import type { SecretariatSession } from "./auth.server.ts";
import { flashFrom } from "./flash.server.ts";
import type { Markup } from "./markup.server.ts";
import { notFoundPage, workspaceResponse } from "./shell.server.ts";

/** What a workspace page is given: the request, its URL, who is signed in, the path's parameters. */
export type PageRequest = {
  request: Request;
  url: URL;
  session: SecretariatSession;
  params: string[];
};

/** A page's title and body, or a ready answer (a 404 for an unknown record). */
export type PageContent = { title: string; body: Markup } | Response;

export type PageRoute = { pattern: RegExp; render: (page: PageRequest) => Promise<PageContent> };

/** The workspace page a path names, or null. Patterns capture the path's parameters. */
export function matchPage(routes: readonly PageRoute[], pathname: string) {
  const path = pathname.replace(/\/+$/, "") || "/";
  for (const route of routes) {
    const match = route.pattern.exec(path);
    if (match) return { route, params: match.slice(1).map((part) => decodeURIComponent(part)) };
  }
  return null;
}

/** Renders a matched page inside the workspace's shell (the flash read from the URL). */
export async function renderPage(route: PageRoute, page: PageRequest, status = 200): Promise<Response> {
  const content = await route.render(page);
  if (content instanceof Response) return content;
  return workspaceResponse(
    {
      title: content.title,
      path: page.url.pathname,
      who: page.session.who,
      flash: flashFrom(page.url),
      body: content.body,
    },
    status,
  );
}

export const unknownPage = () => notFoundPage("There is no such page in the workspace.");
