import { postToServer } from "#components/forms/client-action.ts";
import { CountPage } from "#features/elections/count-page.tsx";
import { database } from "#server/db/database.server.ts";
import { countForm, countView, findElection } from "#server/elections/count-forms.server.ts";
import { notFound, workspaceAction, workspaceSession } from "#server/secretariat/workspace.server.ts";
import { workspaceMeta } from "../page-meta.ts";
import type { Route } from "./+types/secretariat-election-count";

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const db = database();
  const election = await findElection(params.id, db);
  if (!election) notFound("There is no such election.");
  return {
    ...(await countView(election, context.get(workspaceSession), db)),
    done: url.searchParams.get("done"),
    now: new Date().toISOString(),
  };
}

/** 'Send the reminder', 'Close voting and count', 'Record the lot': the form the address names (?do=). */
export const action = workspaceAction(
  ({ params }) => findElection(params.id ?? "", database()),
  (election, session, url) =>
    countForm(url.searchParams.get("do"), url.searchParams.get("office"), election, session),
);
export const clientAction = postToServer;

export const meta: Route.MetaFunction = (args) =>
  workspaceMeta(args, args.loaderData ? `The count: ${args.loaderData.title}` : "The count");

export default function SecretariatElectionCount({ loaderData }: Route.ComponentProps) {
  return <CountPage {...loaderData} />;
}
