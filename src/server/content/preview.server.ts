/**
 * The secretariat's preview of the site with the drafts (decision 0029): any page, rendered for
 * this request from Contentful's Preview API (withPreviewContent), through the site's own handler,
 * so it is the page itself and not an imitation. Prerendered pages are static files on the CDN, so
 * a preview is always rendered here, at /secretariat/preview?path=…, behind the workspace's
 * session check; it is marked as a preview on the page, and never cached anywhere.
 */
import { appHandler } from "../pages/app-handler.server.ts";
import { withPreviewContent } from "./page-content.server.ts";

/** The page to preview: a path on this site, outside the workspace and the API; null otherwise. */
export function previewPath(asked: string | null): string | null {
  const path = asked?.trim() || "/";
  if (!/^\/(?![/\\])[^\s\\#]*$/.test(path)) return null;
  const { pathname } = new URL(path, "https://site.invalid");
  if (/^\/(secretariat|api)(\/|$)/.test(pathname) || pathname.startsWith("/.netlify/")) return null;
  return path;
}

/**
 * The page at `path` as it will look with the drafts: its own answer (a page, a redirect, a 404),
 * made for this request only: `private, no-store`, not indexed.
 */
export async function previewPage(request: Request, path: string): Promise<Response> {
  const headers = new Headers({ accept: "text/html" });
  const cookie = request.headers.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  const page = new Request(new URL(path, request.url), { headers });
  const answer = await withPreviewContent(path, () => appHandler()(page));
  const sent = new Headers(answer.headers);
  sent.set("Cache-Control", "private, no-store");
  sent.set("X-Robots-Tag", "noindex");
  sent.set("Vary", "Cookie");
  return new Response(answer.body, { status: answer.status, headers: sent });
}
