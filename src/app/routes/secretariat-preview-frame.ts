import { previewFrame, previewPath } from "#server/content/preview.server.ts";
import { notFound } from "#server/secretariat/workspace.server.ts";
import type { Route } from "./+types/secretariat-preview-frame";

/** The preview's frame: the page `?path=` names as it will look with the drafts (the workspace's middleware checked the session). */
export async function loader({ request }: Route.LoaderArgs) {
  const path = previewPath(new URL(request.url).searchParams.get("path"));
  if (!path) notFound(NOT_A_PAGE);
  return previewFrame(request, path);
}

const NOT_A_PAGE = "Only a page of the public site can be previewed: give its path, like /about-us.";
