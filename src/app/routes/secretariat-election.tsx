import { postToServer } from "#components/forms/client-action.ts";
import { ElectionWorkspace } from "#features/elections/election-workspace.tsx";
import { WorkspacePage } from "#features/secretariat/workspace-frame.tsx";
import { electionForm } from "#server/elections/election-forms.server.ts";
import { workspaceElectionView } from "#server/elections/election-view.server.ts";
import { getElection } from "#server/elections/elections.server.ts";
import { notFound, workspaceAction, workspaceSession } from "#server/secretariat/workspace.server.ts";
import { workspaceMeta } from "../page-meta.ts";
import type { Route } from "./+types/secretariat-election";

const NO_ELECTION = "There is no election with that id.";

/** One election: its facts, the Returning Officer's presses, the roll and the nominations. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const election = await getElection(params.id);
  if (!election) notFound(NO_ELECTION);
  return workspaceElectionView(election, context.get(workspaceSession).account);
}

/** The Returning Officer's presses (?do=): a stage, the roll, a decision. */
export const action = workspaceAction(({ params }) => getElection(params.id ?? ""), electionForm);
export const clientAction = postToServer;

export const meta: Route.MetaFunction = (args) => workspaceMeta(args, args.loaderData?.title ?? "Election");

export default function SecretariatElection({ loaderData }: Route.ComponentProps) {
  return (
    <WorkspacePage title={loaderData.title}>
      <ElectionWorkspace view={loaderData} />
    </WorkspacePage>
  );
}
