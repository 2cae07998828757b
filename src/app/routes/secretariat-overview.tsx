import { OverviewPage } from "#features/secretariat/overview-page.tsx";
import { workCounts } from "#server/secretariat/overview.server.ts";
import { workspaceSession } from "#server/secretariat/workspace.server.ts";
import { workspaceMeta } from "../page-meta.ts";
import type { Route } from "./+types/secretariat-overview";

/** Who is signed in, and the work waiting for someone: counts, each with its filtered list. */
export async function loader({ context }: Route.LoaderArgs) {
  const counts = await workCounts();
  return {
    email: context.get(workspaceSession).account.email,
    counts: counts.map(({ key, label, count, href }) => ({ key, label, count, href })),
  };
}

export const meta: Route.MetaFunction = (args) => workspaceMeta(args, "Secretariat workspace");

export default function SecretariatOverview({ loaderData }: Route.ComponentProps) {
  return <OverviewPage {...loaderData} />;
}
