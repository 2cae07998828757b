import { data } from "react-router";
import { postToServer } from "#components/forms/client-action.ts";
import { ElectionPage } from "#features/elections/election-page.tsx";
import { signedInAccount } from "#server/account/member-page.server.ts";
import { memberElectionView } from "#server/elections/election-view.server.ts";
import { getElection } from "#server/elections/elections.server.ts";
import { nominationForm } from "#server/elections/nomination-forms.server.ts";
import { pageForm } from "#server/forms/page-form.server.ts";
import { routeMeta } from "../page-meta.ts";
import type { Route } from "./+types/election";

/**
 * An election's page for members (issue 59), rendered for the signed-in member: the notice, their
 * place on the roll, the nominations while they are open, the candidates once they close. A
 * visitor is sent to sign in; an election still in draft is no one's business yet.
 */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const account = await signedInAccount(request, url);
  const election = await getElection(params.id);
  if (!election?.roll_frozen_at) throw data(null, { status: 404 });
  return memberElectionView(election, account);
}

/** Nominate, second, accept, decline (?do=): each the page's own form. */
export async function action(args: Route.ActionArgs) {
  const spec = nominationForm(args.params.id, new URL(args.request.url));
  if (!spec) throw data(null, { status: 404 });
  return pageForm(spec)(args);
}
export const clientAction = postToServer;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: args.loaderData?.title ?? "Election",
    description: "An election of the society's Council: the roll, nominations and candidates.",
    noindex: true,
  });

export default function Election({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page">
      <ElectionPage view={loaderData} />
    </div>
  );
}
