import { data, Link } from "react-router";
import { postToServer } from "#components/forms/client-action.ts";
import { FlashedRefusal } from "#components/forms/page-form.tsx";
import styles from "#features/elections/ballot.module.css";
import { BallotForm } from "#features/elections/ballot-form.tsx";
import { signedInAccount } from "#server/account/member-page.server.ts";
import { database } from "#server/db/database.server.ts";
import { receiptTracker, standingRefusal } from "#server/elections/ballot-cast.server.ts";
import { ballotStanding, electionById } from "#server/elections/ballot-election.server.ts";
import { ballotForm } from "#server/elections/ballot-form.server.ts";
import { pageForm } from "#server/forms/page-form.server.ts";
import { freshFormToken } from "#server/spam/form-token.server.ts";
import { routeMeta } from "../page-meta.ts";
import type { Route } from "./+types/election-vote";

/**
 * An election's voting page, for the signed-in member: their ballot while voting is open and they
 * are on the roll and have not voted; otherwise why not (when they voted, when voting opens). Just
 * after a vote, the tracker from the browser's own receipt cookie (ballot-cast.server.ts).
 */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const account = await signedInAccount(request, url);
  const db = database();
  const election = await electionById(params.id, db);
  const standing = await ballotStanding(election, account, new Date(), db);
  if (!election || standing.kind === "no-election")
    throw data({ message: "There is no such election." }, { status: 404 });
  const page = { id: election.id, title: election.title };
  if (standing.kind === "ballot")
    return {
      ...page,
      offices: standing.offices,
      formToken: await freshFormToken(),
      refusal: null,
      tracker: null,
    };
  return {
    ...page,
    offices: null,
    formToken: null,
    refusal: standingRefusal(standing),
    voted: standing.kind === "voted",
    tracker: standing.kind === "voted" ? receiptTracker(request, election.id, account.key) : null,
  };
}

export async function action(args: Route.ActionArgs) {
  return pageForm(ballotForm(args.params.id))(args);
}
export const clientAction = postToServer;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: args.loaderData ? `Vote: ${args.loaderData.title}` : "Vote",
    description: "Cast your vote in the society's election.",
    noindex: true,
  });

export default function ElectionVote({ loaderData }: Route.ComponentProps) {
  const { id, title, offices, formToken, refusal, tracker } = loaderData;
  return (
    <div className="page">
      <h1>{`Vote: ${title}`}</h1>
      {!offices && <FlashedRefusal form="ballot" />}
      {tracker ? (
        <div className={styles.notice} role="status">
          <h2>Your vote is recorded</h2>
          <p>
            Your ballot tracker is <span className={styles.tracker}>{tracker}</span>. We have mailed it to you
            too.
          </p>
          <p>
            When voting closes, every counted ballot's tracker is published on the{" "}
            <Link to={`/elections/${id}/results`}>results page</Link>: find yours there. It does not show how
            you voted, to you or to anyone else.
          </p>
        </div>
      ) : (
        refusal && <p className={styles.notice}>{refusal}</p>
      )}
      {offices && formToken && (
        <>
          <p className="prose">
            Your ballot is secret: the site records that you voted, and, apart from it, your choices, with
            nothing that links the two. No one at the society, the Returning Officer included, can tell how
            you voted.
          </p>
          <BallotForm offices={offices} formToken={formToken} />
        </>
      )}
      <p>
        <Link to="/account">Back to your account</Link>
      </p>
    </div>
  );
}
