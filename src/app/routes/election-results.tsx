import { data } from "react-router";
import { ResultsPage } from "#features/elections/results-page.tsx";
import { currentAccount } from "#server/account/sessions.server.ts";
import { pageContent } from "#server/content/page-content.server.ts";
import { database } from "#server/db/database.server.ts";
import {
  countedTrackers,
  publishedResults,
  seesBallotRecords,
} from "#server/elections/results-view.server.ts";
import { todayInIndia } from "#shared/format-date.ts";
import { routeMeta } from "../page-meta.ts";
import type { Route } from "./+types/election-results";

/**
 * An election's results page: public once the Returning Officer has published them. A member on
 * the roll also sees every counted tracker (no choices beside them) and can look theirs up.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const db = database();
  const results = await publishedResults(params.id, db);
  if (!results) throw data({ message: "There are no published results for this election." }, { status: 404 });
  // Once the Council elected has taken office and the office has listed its term, the page points
  // to that term's office bearers, as the office bearers' page points here (decision 0058).
  const { years } = await pageContent("office-bearers.yaml");
  const council =
    results.termBegins <= todayInIndia() && years.includes(results.term)
      ? `/office-bearers/${results.term}`
      : null;
  const account = await currentAccount(request);
  if (!(await seesBallotRecords(results.id, account, db))) return { results, council, voter: null };
  const trackers = await countedTrackers(results.id, db);
  const asked = new URL(request.url).searchParams.get("tracker")?.trim().toUpperCase().slice(0, 40) ?? null;
  return { results, council, voter: { trackers, asked, found: asked !== null && trackers.includes(asked) } };
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: args.loaderData ? `Results: ${args.loaderData.results.title}` : "Election results",
    description: "The results of the society's election: votes per candidate, turnout and who is elected.",
    noindex: false,
  });

export default function ElectionResults({ loaderData }: Route.ComponentProps) {
  return <ResultsPage {...loaderData} />;
}
