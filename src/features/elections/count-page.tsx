import { Link } from "react-router";
import { FieldError, FormStatusLine, TextField } from "#components/forms/fields.tsx";
import { PageForm, usePageForm } from "#components/forms/page-form.tsx";
import { formatIndianDateTime } from "#shared/format-date.ts";
import styles from "./ballot.module.css";

type Lot = {
  office: string;
  label: string;
  seats: number;
  tied: { nomination: string; name: string }[];
  drawn: string[] | null;
  note: string;
};

export type CountPageProps = {
  id: string;
  title: string;
  stage: string;
  votingOpen: string;
  votingClose: string;
  isReturningOfficer: boolean;
  voted: number;
  reminder: { sentAt: string; recipients: number } | null;
  close: { ballots: number; digest: string; published: boolean; lots: Lot[] } | null;
  done: string | null;
  now: string;
};

const DONE: Record<string, string> = {
  reminded: "The reminder is on its way to the members on the roll who have not voted.",
  "closed-published":
    "Voting is closed and counted; the results are published and the digest mailed to every voter.",
  "closed-ties": "Voting is closed and counted. A tie needs a lot drawn before the results are published.",
  "lot-recorded": "The lot is recorded. Another tie still needs its lot.",
  "lot-published": "The lot is recorded; the results are published and the digest mailed to every voter.",
};

/** The Returning Officer's page of an election's vote: the reminder, the close and count, the lots. */
export function CountPage(props: CountPageProps) {
  const { id, title, stage, votingOpen, votingClose, isReturningOfficer, voted, reminder, close, done, now } =
    props;
  const open = stage === "voting" && now >= votingOpen && now < votingClose;
  return (
    <div>
      <h1>{`The count: ${title}`}</h1>
      {done && DONE[done] && (
        <p role="status" className={styles.notice}>
          {DONE[done]}
        </p>
      )}
      <p>{`Voting: ${formatIndianDateTime(votingOpen)} to ${formatIndianDateTime(votingClose)}. Members who have voted: ${voted}.`}</p>
      {!isReturningOfficer && (
        <p>Only this election's Returning Officer closes the vote, sends the reminder and draws lots.</p>
      )}
      {isReturningOfficer && stage === "voting" && (
        <>
          <h2>Reminder</h2>
          {reminder ? (
            <p>{`The reminder went on ${formatIndianDateTime(reminder.sentAt)} to ${reminder.recipients} members. There is one reminder an election.`}</p>
          ) : open ? (
            <PressForm
              name="reminder"
              press="reminder"
              label="Send the reminder"
              text="One mail to each member on the roll who has not voted yet, saying only that. It can be sent once."
            />
          ) : (
            <p>The reminder can be sent while voting is open.</p>
          )}
          <h2>Close and count</h2>
          {now >= votingClose ? (
            <PressForm
              name="close"
              press="close"
              label="Close voting and count"
              text="Counts every ballot, records the results and the digest, and publishes them unless a tie needs a lot."
            />
          ) : (
            <p>{`Voting can be closed and counted after ${formatIndianDateTime(votingClose)}.`}</p>
          )}
        </>
      )}
      {close && (
        <>
          <h2>Counted</h2>
          <p>
            {`${close.ballots} ballots. Digest: `}
            <code className={styles.digest}>{close.digest}</code>
          </p>
          {close.lots.map((lot) =>
            lot.drawn ? (
              <p key={lot.office}>{`${lot.label}: the lot fell on ${lot.drawn.join(", ")} (${lot.note}).`}</p>
            ) : isReturningOfficer ? (
              <LotForm key={lot.office} lot={lot} />
            ) : (
              <p key={lot.office}>{`${lot.label}: a tie waits for the Returning Officer's lot.`}</p>
            ),
          )}
          {close.published && (
            <p>
              <Link to={`/elections/${id}/results`}>The published results</Link>
            </p>
          )}
        </>
      )}
    </div>
  );
}

function PressForm({
  name,
  press,
  label,
  text,
}: {
  name: string;
  press: string;
  label: string;
  text: string;
}) {
  const form = usePageForm(name, { rules: {} });
  return (
    <PageForm form={form} action={`?do=${press}`} aria-label={label}>
      <p>{text}</p>
      <button type="submit" className="button" disabled={form.sending}>
        {label}
      </button>
      <FormStatusLine kind={form.status.kind} message={form.status.message} />
    </PageForm>
  );
}

function LotForm({ lot }: { lot: Lot }) {
  const form = usePageForm(`lot-${lot.office}`, { rules: {} });
  return (
    <PageForm form={form} action={`?do=lot&office=${lot.office}`} aria-label={`Lot for ${lot.label}`}>
      <fieldset id="drawn" className={styles.office}>
        <legend>{`${lot.label}: tied for ${lot.seats === 1 ? "the last seat" : `the last ${lot.seats} seats`}`}</legend>
        <p
          className={styles.seats}
        >{`Draw the lot, then mark the ${lot.seats === 1 ? "candidate" : `${lot.seats} candidates`} it fell on.`}</p>
        <FieldError name="drawn" />
        {lot.tied.map((candidate) => (
          <div key={candidate.nomination} className={styles.box}>
            <input
              type="checkbox"
              id={`drawn-${candidate.nomination}`}
              name="drawn"
              value={candidate.nomination}
            />
            <label htmlFor={`drawn-${candidate.nomination}`}>{candidate.name}</label>
          </div>
        ))}
      </fieldset>
      <TextField
        name="note"
        label="How the lot was drawn"
        hint="For example: slips drawn from a box before two witnesses, named."
      />
      <button type="submit" className="button" disabled={form.sending}>
        Record the lot
      </button>
      <FormStatusLine kind={form.status.kind} message={form.status.message} />
    </PageForm>
  );
}
