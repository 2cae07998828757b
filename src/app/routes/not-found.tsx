import { data, redirect } from "react-router";
import { LEGACY_PATHS } from "#shared/legacy-paths.ts";
import { safeReturnPath } from "#shared/return-path.ts";
import type { Route } from "./+types/not-found";

/**
 * Every path no other route matches. The old site's addresses move permanently to their pages
 * (SPEC section 2), however their links spell or end them; a path with capitals is sent to its
 * lowercase spelling, where the page is if there is one (routes match only as written); anything
 * else is the not-found page (the root's error boundary), with 404.
 */
export function loader({ request }: Route.LoaderArgs) {
  const { pathname, search } = new URL(request.url);
  const lower = pathname.toLowerCase();
  const moved = LEGACY_PATHS[lower.replace(/\/+$/, "")];
  if (moved) throw redirect(moved, 301);
  // Checked as a return path is: `//EVIL.example` must not become a redirect to another host.
  const respelt = lower === pathname ? null : safeReturnPath(`${lower}${search}`);
  if (respelt) throw redirect(respelt, 301);
  throw data(null, { status: 404 });
}

/** A form posted to a path the site does not have: nothing to post to, and nothing to log. */
export function action() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
