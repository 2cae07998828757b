import { previewPage, previewPath } from "#server/content/preview.server.ts";
import { notFound } from "#server/secretariat/workspace.server.ts";
import type { Route } from "./+types/secretariat-preview";

/**
 * `/secretariat/preview?path=/about-us`: the page as it will look with the drafts in Contentful,
 * for the secretariat only (the workspace's middleware has checked the session before this runs).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const path = previewPath(new URL(request.url).searchParams.get("path"));
  if (!path) notFound("Only a page of the public site can be previewed: give its path, like /about-us.");
  return previewPage(request, path);
}
