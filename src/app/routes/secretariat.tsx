import { Outlet } from "react-router";
import {
  WorkspaceErrorPage,
  WorkspaceFrame,
  workspaceLinks,
} from "#features/secretariat/workspace-frame.tsx";
import { requireWorkspace, workspaceSession } from "#server/secretariat/workspace.server.ts";
import { workspaceMeta } from "../page-meta.ts";
import type { FrameHandle } from "../root.tsx";
import { useFocusOnNavigation } from "../use-focus-on-navigation.ts";
import type { Route } from "./+types/secretariat";

/**
 * The secretariat's workspace (docs/decisions/0016): every page under /secretariat but the sign-in
 * page, rendered for each request (never prerendered: its data is for the secretariat only). The
 * middleware checks the session before any loader or action of these pages runs; a refusal it
 * throws reaches the root's boundary, which shows it with ErrorPage. The workspace draws its own
 * frame instead of the public site's.
 */
export const handle: FrameHandle = { ownFrame: true, ErrorPage: WorkspaceErrorPage };

export const middleware: Route.MiddlewareFunction[] = [requireWorkspace];

export const links: Route.LinksFunction = workspaceLinks;

export function loader({ context }: Route.LoaderArgs) {
  return { who: context.get(workspaceSession).who };
}

// Each page says its own title; an error page says its own (WorkspaceErrorPage).
export const meta: Route.MetaFunction = (args) =>
  args.error ? [] : workspaceMeta(args, "Secretariat workspace");

export default function Workspace({ loaderData }: Route.ComponentProps) {
  const main = useFocusOnNavigation();
  return (
    <WorkspaceFrame who={loaderData.who} mainRef={main}>
      <Outlet />
    </WorkspaceFrame>
  );
}

/** A record a page's loader did not find (404), or a failure: a page of its own, outside the frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <WorkspaceErrorPage error={error} />;
}
