import { currentAccount } from "#server/account/sessions.server.ts";
import { database } from "#server/db/database.server.ts";
import { ballotExport, seesBallotRecords } from "#server/elections/results-view.server.ts";
import type { Route } from "./+types/election-ballots-export";

/**
 * The ballot export of a published election (results-view.server.ts, format isgpb-ballots-v1), for
 * a member on its roll or its Returning Officer, to count again with npm run election:recount.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const db = database();
  const account = await currentAccount(request);
  if (!account) return new Response("Sign in to download the ballots.\n", { status: 401 });
  const exported = (await seesBallotRecords(params.id, account, db))
    ? await ballotExport(params.id, db)
    : null;
  if (!exported) return new Response("There is no such export.\n", { status: 404 });
  return new Response(`${JSON.stringify(exported, null, 1)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="ballots-${exported.election.id}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
