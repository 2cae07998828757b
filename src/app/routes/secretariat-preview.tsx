import { PreviewPage } from "#features/secretariat/preview-page.tsx";
import { previewPath, previewSummary } from "#server/content/preview.server.ts";
import { notFound } from "#server/secretariat/workspace.server.ts";
import { workspaceMeta } from "../page-meta.ts";
import type { Route } from "./+types/secretariat-preview";

/** `/secretariat/preview?path=/about-us`: a public page as it will look with the drafts in Contentful. */
export async function loader({ request }: Route.LoaderArgs) {
  const path = previewPath(new URL(request.url).searchParams.get("path"));
  if (!path) notFound("Only a page of the public site can be previewed: give its path, like /about-us.");
  return previewSummary(path);
}

export const meta: Route.MetaFunction = (args) => workspaceMeta(args, "Preview with the drafts");

export default function SecretariatPreview({ loaderData }: Route.ComponentProps) {
  return <PreviewPage {...loaderData} />;
}
