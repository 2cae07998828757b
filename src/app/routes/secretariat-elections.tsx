import { postToServer } from "#components/forms/client-action.ts";
import { ElectionList } from "#features/elections/election-workspace.tsx";
import { WorkspacePage } from "#features/secretariat/workspace-frame.tsx";
import { newElectionForm } from "#server/elections/election-forms.server.ts";
import { electionSummaries } from "#server/elections/election-view.server.ts";
import { secretariatAccounts } from "#server/elections/elections.server.ts";
import { isSecretariatAddress } from "#server/secretariat/auth.server.ts";
import { workspaceAction } from "#server/secretariat/workspace.server.ts";
import { workspaceMeta } from "../page-meta.ts";
import type { Route } from "./+types/secretariat-elections";

/** The elections (issue 59): the list, and a new election with its Returning Officer. */
export async function loader() {
  const [elections, accounts] = await Promise.all([electionSummaries(), secretariatAccounts()]);
  return { elections, officers: accounts.filter((account) => isSecretariatAddress(account.email)) };
}

export const action = workspaceAction(
  async () => true,
  (_found, session, url) => (url.searchParams.has("do") ? null : newElectionForm(session)),
);
export const clientAction = postToServer;

export const meta: Route.MetaFunction = (args) => workspaceMeta(args, "Elections");

export default function SecretariatElections({ loaderData }: Route.ComponentProps) {
  return (
    <WorkspacePage title="Elections">
      <ElectionList {...loaderData} />
    </WorkspacePage>
  );
}
