import { Link } from "react-router";
import { electionPath } from "#shared/elections/elections.ts";
import type { AccountElection } from "#shared/elections/views.ts";

/** On the account page: each election under way, and whether the member is on its roll (and why not). */
export function RollStatus({ elections }: { elections: AccountElection[] }) {
  if (elections.length === 0) return null;
  return (
    <section aria-labelledby="elections-heading">
      <h2 id="elections-heading">Elections</h2>
      <ul>
        {elections.map((election) => (
          <li key={election.id}>
            <Link to={electionPath(election.id)}>{election.title}</Link>: {election.text}
          </li>
        ))}
      </ul>
    </section>
  );
}
