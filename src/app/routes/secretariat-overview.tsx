import { OverviewPage } from "#features/secretariat/overview-page.tsx";
import { workspaceMeta } from "#features/secretariat/workspace-meta.ts";
import { workspaceSession } from "#server/secretariat/workspace.server.ts";
import type { Route } from "./+types/secretariat-overview";

export function loader({ context }: Route.LoaderArgs) {
  return { email: context.get(workspaceSession).account.email };
}

export const meta: Route.MetaFunction = () => workspaceMeta("Secretariat workspace");

export default function SecretariatOverview({ loaderData }: Route.ComponentProps) {
  return <OverviewPage email={loaderData.email} />;
}
