import { Form, Link } from "react-router";
import { formatDay } from "#shared/format-date.ts";
import styles from "./ballot.module.css";

export type ResultsPageProps = {
  results: {
    id: string;
    title: string;
    term: string;
    termBegins: string;
    ballots: number;
    roll: number;
    digest: string;
    offices: {
      office: string;
      label: string;
      seats: number;
      candidates: { name: string; votes: number; elected: boolean; byLot: boolean }[];
      lot: { tied: string[]; note: string } | null;
    }[];
  };
  /** The office bearers' page of the term, once the Council elected has taken office and is listed there. */
  council: string | null;
  /** For a member on the roll: the counted trackers, and what their look-up found. */
  voter: { trackers: string[]; asked: string | null; found: boolean } | null;
};

const percent = (part: number, whole: number) => (whole === 0 ? "0" : ((part / whole) * 100).toFixed(1));

/** An election's results: turnout, votes per candidate, who is elected (and by lot), the digest. */
export function ResultsPage({ results, council, voter }: ResultsPageProps) {
  return (
    <div className="page">
      <h1>{`Results: ${results.title}`}</h1>
      <p>{`Turnout: ${results.ballots} of the ${results.roll} members on the roll voted (${percent(results.ballots, results.roll)}%). The Council elected serves ${results.term}.`}</p>
      {council && (
        <p>
          {`The Council took office on ${formatDay(results.termBegins)}: `}
          <Link to={council}>{`Office Bearers ${results.term}`}</Link>
        </p>
      )}
      {results.offices.map((office) => (
        <section key={office.office} aria-labelledby={`office-${office.office}`}>
          <h2 id={`office-${office.office}`}>{office.label}</h2>
          <div className={styles.scroll}>
            <table>
              <caption>{`${office.label}: ${office.seats === 1 ? "1 seat" : `${office.seats} seats`}`}</caption>
              <thead>
                <tr>
                  <th scope="col">Candidate</th>
                  <th scope="col">Votes</th>
                  <th scope="col">Result</th>
                </tr>
              </thead>
              <tbody>
                {office.candidates.map((candidate) => (
                  <tr key={candidate.name}>
                    <th scope="row">{candidate.name}</th>
                    <td>{candidate.votes}</td>
                    <td>{candidate.elected ? (candidate.byLot ? "Elected (by lot)" : "Elected") : ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {office.lot && (
            <p>{`${office.lot.tied.join(", ")} tied for the last seat${office.seats > 1 ? "s" : ""}; the Returning Officer drew lots: ${office.lot.note}`}</p>
          )}
        </section>
      ))}
      <section aria-labelledby="digest">
        <h2 id="digest">Check the count</h2>
        <p>
          The digest of every ballot and tracker, taken at the close (SHA-256):{" "}
          <code className={styles.digest}>{results.digest}</code>
        </p>
        <p>It was mailed to every voter. A ballot changed after the close would give another digest.</p>
      </section>
      {voter ? <VoterRecords id={results.id} {...voter} /> : <SignInForTrackers id={results.id} />}
    </div>
  );
}

function SignInForTrackers({ id }: { id: string }) {
  return (
    <p>
      Members on the roll can{" "}
      <Link to={`/login?next=${encodeURIComponent(`/elections/${id}/results`)}`}>sign in</Link> to find their
      ballot tracker among the counted and download the ballots to count them again.
    </p>
  );
}

function VoterRecords({
  id,
  trackers,
  asked,
  found,
}: {
  id: string;
  trackers: string[];
  asked: string | null;
  found: boolean;
}) {
  return (
    <section aria-labelledby="trackers">
      <h2 id="trackers">Counted ballots' trackers</h2>
      <Form method="get" aria-label="Find your tracker">
        <label htmlFor="tracker">Your ballot tracker</label>
        <input id="tracker" name="tracker" defaultValue={asked ?? ""} autoComplete="off" spellCheck={false} />
        <button type="submit" className="button">
          Find it
        </button>
      </Form>
      {asked !== null && (
        <p role="status">
          {found
            ? `${asked} is among the counted ballots.`
            : `${asked} is not among the counted ballots. Check how you typed it; if it is right, tell the Returning Officer.`}
        </p>
      )}
      <p>
        <a href={`/elections/${id}/ballots.json`} download>
          Download the ballots (JSON)
        </a>{" "}
        to count them again: <code>npm run election:recount -- ballots.json</code> in the society's website
        code.
      </p>
      <details>
        <summary>{`All ${trackers.length} trackers`}</summary>
        <ul className={styles.trackers}>
          {trackers.map((tracker) => (
            <li key={tracker}>{tracker}</li>
          ))}
        </ul>
      </details>
    </section>
  );
}
