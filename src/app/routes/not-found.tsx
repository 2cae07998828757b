import { data, redirect } from "react-router";
import { safeReturnPath } from "#shared/return-path.ts";
import type { Route } from "./+types/not-found";

/**
 * Every path no other route matches. Another spelling of a path (capitals, trailing slashes) is sent
 * to its plain one: where a page is, or, for the old site's addresses however their links spell
 * them, where the CDN's 301 of netlify.toml takes over (the server handler is kept off those). Any
 * other path is the not-found page (the root's error boundary), with 404.
 */
export function loader({ request }: Route.LoaderArgs) {
  const { pathname, search } = new URL(request.url);
  const plain = pathname.toLowerCase().replace(/(.)\/+$/, "$1");
  // Checked as a return path is: `//EVIL.example` must not become a redirect to another host.
  const respelt = plain === pathname ? null : safeReturnPath(`${plain}${search}`);
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
