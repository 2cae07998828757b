import { data, type MiddlewareFunction, redirect } from "react-router";
import { safeReturnPath } from "#shared/return-path.ts";

/**
 * A path with every escape of a character that never needs one (RFC 3986's unreserved: letters,
 * digits, `-`, `.`, `_`, `~`) written as the character: `/%63ontact-us` is `/contact-us`. Other
 * escapes (`%2F`, a non-ASCII character's bytes) are part of how the path is spelt, and stay.
 */
export function canonicalPathname(pathname: string): string {
  return pathname.replace(/%([0-9A-Fa-f]{2})/g, (escaped, hex: string) => {
    const character = String.fromCharCode(Number.parseInt(hex, 16));
    return /^[A-Za-z0-9._~-]$/.test(character) ? character : escaped;
  });
}

/**
 * The router decodes a path before it matches a route (`/%63ontact-us` matches `contact-us`), but
 * the pages' rate limits (netlify/edge-functions/post-limit-*.ts) match paths as written, and
 * nothing says Netlify's edge decodes them first. So a path spelt with needless escapes reaches no
 * loader or action here: a page asked for (GET, HEAD) is sent to its plain spelling for good, where
 * its limits hold; anything else (a form's POST, a page's data) is answered as a path the site does
 * not have, 404, as another spelling of a page is (routes/not-found.tsx).
 */
export const canonicalPath: MiddlewareFunction<Response> = ({ request }, next) => {
  const { pathname, search } = new URL(request.url);
  const canonical = canonicalPathname(pathname);
  if (canonical === pathname) return next();
  const page = (request.method === "GET" || request.method === "HEAD") && !pathname.endsWith(".data");
  // Checked as a return path is: `//%65vil.example` must not become a redirect to another host.
  const target = page ? safeReturnPath(`${canonical}${search}`) : null;
  if (target) throw redirect(target, 301);
  throw data(null, { status: 404 });
};
