/**
 * The secretariat's preview of the site with the drafts (decision 0029): any public page, rendered
 * for this request from Contentful's Preview API (withPreviewContent) by the site's own handler,
 * so it is the page itself and not an imitation. Prerendered pages are static files on the CDN,
 * so a preview is always rendered here, behind the workspace's session check: the workspace's
 * page /secretariat/preview?path=… says what it is and what in the drafts would stop the build,
 * and shows the page in a sandboxed frame (/secretariat/preview/frame?path=…), never cached.
 */
import { contentfulConfig } from "../env.server.ts";
import { pageCsp } from "../http/page-headers.server.ts";
import { appHandler } from "../pages/app-handler.server.ts";
import { previewState, withPreviewContent } from "./page-content.server.ts";

/** The page to preview: a path on this site, outside the workspace and the API; null otherwise. */
export function previewPath(asked: string | null): string | null {
  const path = asked?.trim() || "/";
  if (!/^\/(?![/\\])[^\s\\#]*$/.test(path)) return null;
  const { pathname } = new URL(path, "https://site.invalid");
  if (/^\/(secretariat|api)(\/|$)/.test(pathname) || pathname.startsWith("/.netlify/")) return null;
  return path;
}

/** What the workspace's preview page says about the drafts: where they come from, and their problems. */
export async function previewSummary(path: string) {
  const problems = await withPreviewContent(path, async () => previewState()?.problems ?? []);
  return { path, problems: [...problems], drafts: contentfulConfig() !== null };
}

/** How many times a preview follows a page that sends the visitor on. */
const MAX_HOPS = 3;
const isRedirect = (status: number) => status >= 300 && status < 400;

/** The page at `path` drawn with the drafts, as a visitor with no cookie would get it. */
function drawn(request: Request, path: string): Promise<Response> {
  const page = new Request(new URL(path, request.url), { headers: { accept: "text/html" } });
  return withPreviewContent(path, () => appHandler()(page));
}

/**
 * The preview's frame: the page it shows may be drawn only inside the workspace, and runs nothing
 * there (`sandbox`): a page drawn for another address must not start its scripts, which would take
 * it for the page at this one. Its styles, which carry the nonce the page was drawn with, apply.
 */
function frameCsp(pagePolicy: string | null): string {
  const nonce = /'nonce-([^']+)'/.exec(pagePolicy ?? "")?.[1];
  return pageCsp("", nonce ? `'nonce-${nonce}'` : "")
    .replace(/script-src [^;]*/, "script-src 'none'")
    .replace("frame-ancestors 'none'", "frame-ancestors 'self'")
    .concat("; sandbox");
}

/**
 * The page at `path` as it will look with the drafts: its own answer (a page, a 404), made for this
 * request only: `private, no-store`, not indexed, framed by the workspace alone. It is the page a
 * visitor gets: no cookie of the secretariat's goes with it, so the header shows no one signed in.
 * A page that sends a visitor on (a signed-in page to the sign-in page, an old address) is followed
 * here, to a page of the site that can be previewed, and that page is drawn: the frame would
 * otherwise follow it itself, to a page that refuses to be framed.
 */
export async function previewFrame(request: Request, path: string): Promise<Response> {
  let answer = await drawn(request, path);
  for (let hops = 0; hops < MAX_HOPS && isRedirect(answer.status); hops++) {
    const location = answer.headers.get("location") ?? "";
    const next = new URL(location, request.url);
    const onward =
      next.origin === new URL(request.url).origin ? previewPath(next.pathname + next.search) : null;
    if (!onward) break;
    answer = await drawn(request, onward);
  }
  const sent = new Headers(answer.headers);
  // A redirect left (to another site, or too many) is not followed by the frame either.
  sent.delete("location");
  sent.set("Content-Security-Policy", frameCsp(answer.headers.get("content-security-policy")));
  sent.set("X-Frame-Options", "SAMEORIGIN");
  sent.set("Cache-Control", "private, no-store");
  sent.set("X-Robots-Tag", "noindex");
  sent.set("Vary", "Cookie");
  return new Response(answer.body, { status: answer.status, headers: sent });
}
