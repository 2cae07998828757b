import { data, redirect } from "react-router";
import { LEGACY_PATHS } from "#shared/legacy-paths.ts";
import type { Route } from "./+types/not-found";

/**
 * Every path no other route matches. The old site's addresses move permanently to their pages
 * (SPEC section 2); anything else is the not-found page (the root's error boundary), with 404.
 */
export function loader({ request }: Route.LoaderArgs) {
  const moved = LEGACY_PATHS[new URL(request.url).pathname];
  if (moved) throw redirect(moved, 301);
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
