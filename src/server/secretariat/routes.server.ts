import { applicationPage, applicationsPage } from "./application-pages.server.ts";
import { auditPage } from "./audit-page.server.ts";
import { requireSecretariat } from "./auth.server.ts";
import { exportPage } from "./export-page.server.ts";
import { heldPage } from "./held-page.server.ts";
import { mailPreviewFrame, mailPreviewPage, mailPreviewsPage } from "./mail-previews-page.server.ts";
import { messagesPage } from "./messages-page.server.ts";
import { issueFrame, issuePage, newsletterPage } from "./newsletter-page.server.ts";
import { overviewPage } from "./overview-page.server.ts";
import { matchPage, type PageRoute, renderPage, unknownPage } from "./pages.server.ts";

/** Every page of the workspace, by path (a section's pages beside its entry in SECTIONS). */
export const PAGE_ROUTES: PageRoute[] = [
  { pattern: /^\/secretariat$/, render: overviewPage },
  { pattern: /^\/secretariat\/applications$/, render: applicationsPage },
  { pattern: /^\/secretariat\/applications\/([^/]+)$/, render: applicationPage },
  { pattern: /^\/secretariat\/messages$/, render: messagesPage },
  { pattern: /^\/secretariat\/held$/, render: heldPage },
  { pattern: /^\/secretariat\/audit$/, render: auditPage },
  { pattern: /^\/secretariat\/newsletter$/, render: newsletterPage },
  { pattern: /^\/secretariat\/newsletter\/([a-z0-9]{16,40})$/, render: issuePage },
  { pattern: /^\/secretariat\/newsletter\/([a-z0-9]{16,40})\/html$/, render: issueFrame },
  { pattern: /^\/secretariat\/export$/, render: exportPage },
  { pattern: /^\/secretariat\/mails$/, render: mailPreviewsPage },
  { pattern: /^\/secretariat\/mails\/([a-z0-9-]{1,60})$/, render: mailPreviewPage },
  { pattern: /^\/secretariat\/mails\/([a-z0-9-]{1,60})\/html$/, render: mailPreviewFrame },
];

/** The workspace page at this URL for the signed-in secretariat, or the refusal (401, 403, 404). */
export async function workspacePage(request: Request, url = new URL(request.url)): Promise<Response> {
  const session = await requireSecretariat(request);
  if (session instanceof Response) return session;
  const matched = matchPage(PAGE_ROUTES, url.pathname);
  if (!matched) return unknownPage();
  return renderPage(matched.route, { request, url, session, params: matched.params });
}

/**
 * The page a refused plain form is shown again, filled in by the form pipeline: rendered here
 * for the same session, since it is no static file the pipeline could fetch.
 */
export async function workspacePageHtml(request: Request, path: string): Promise<string> {
  const response = await workspacePage(request, new URL(path, request.url));
  return response.text();
}
