import { useSearchParams } from "react-router";
import { FormStatusLine, SelectField, TextField } from "#components/forms/fields.tsx";
import { PageForm, usePageForm } from "#components/forms/page-form.tsx";
import {
  electionAction,
  electionResultsPath,
  electionVotePath,
  MEMBER_STATUSES,
  type MemberForm,
  type MemberStatus,
  pressAction,
  pressFormName,
} from "#shared/elections/elections.ts";
import type { MemberElectionView, MemberNomination } from "#shared/elections/views.ts";
import { NOMINATE_FIELDS } from "#shared/forms/election-fields.ts";

/** An election's page for members (issue 59): its notice, the member's place on the roll, nominations, candidates. */
export function ElectionPage({ view }: { view: MemberElectionView }) {
  const [search] = useSearchParams();
  const code = search.get("status");
  const status = code && Object.hasOwn(MEMBER_STATUSES, code) ? MEMBER_STATUSES[code as MemberStatus] : null;
  return (
    <>
      <h1>{view.title}</h1>
      {status && <p role="status">{status}</p>}
      <p>{view.roll.text}</p>
      <dl>
        {view.facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {view.stage === "voting" && view.roll.on && (
        <p>
          <a href={electionVotePath(view.id)}>Cast your ballot</a>
        </p>
      )}
      {view.stage === "closed" && (
        <p>
          <a href={electionResultsPath(view.id)}>The results</a>
        </p>
      )}
      {view.stage === "nominations" && (
        <>
          <h2>Nominations</h2>
          <p>
            A member on the roll nominates a candidate on the roll; a second member seconds; the candidate
            accepts. A candidate stands for one office.
          </p>
          {view.nominations.length === 0 ? (
            <p>No nomination yet.</p>
          ) : (
            <ul>
              {view.nominations.map((nomination) => (
                <NominationItem key={nomination.id} id={view.id} nomination={nomination} />
              ))}
            </ul>
          )}
          {view.canNominate && (
            <>
              <h2>Nominate a candidate</h2>
              <NominateForm id={view.id} offices={view.offices} />
            </>
          )}
        </>
      )}
      {view.candidates && (
        <>
          <h2>Candidates</h2>
          {view.candidates.map((office) => (
            <section key={office.office}>
              <h3>{office.office}</h3>
              {office.names.length === 0 ? (
                <p>No candidate stands.</p>
              ) : (
                <ul>
                  {office.names.map((name) => (
                    <li key={name}>{name}</li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </>
      )}
    </>
  );
}

function NominationItem({ id, nomination }: { id: string; nomination: MemberNomination }) {
  return (
    <li>
      <p>
        <strong>{nomination.candidate}</strong> for {nomination.office}, nominated by {nomination.nominatedBy}
        {nomination.secondedBy ? `, seconded by ${nomination.secondedBy}` : ""}: {nomination.status}.
      </p>
      {nomination.canSecond && (
        <Press id={id} action="second" nomination={nomination} label="Second this nomination" />
      )}
      {nomination.mine && !nomination.accepted && (
        <Press id={id} action="accept" nomination={nomination} label="Accept my nomination" />
      )}
      {nomination.mine && (
        <Press
          id={id}
          action="decline"
          nomination={nomination}
          label={nomination.accepted ? "Withdraw my candidacy" : "Decline my nomination"}
        />
      )}
    </li>
  );
}

function Press({
  id,
  action,
  nomination,
  label,
}: {
  id: string;
  action: Exclude<MemberForm, "nominate">;
  nomination: MemberNomination;
  label: string;
}) {
  const form = usePageForm(pressFormName(action, nomination.id), { rules: {} });
  return (
    <PageForm
      form={form}
      action={pressAction(id, action, nomination.id)}
      idPrefix={`${action}-${nomination.id}-`}
    >
      <input type="hidden" name="nomination" value={nomination.id} />
      <button type="submit" disabled={form.sending}>
        {label}
        <span className="visually-hidden">{`: ${nomination.candidate} for ${nomination.office}`}</span>
      </button>
      <FormStatusLine kind={form.status.kind} message={form.status.message} />
    </PageForm>
  );
}

function NominateForm({ id, offices }: { id: string; offices: { office: string; label: string }[] }) {
  const form = usePageForm(pressFormName("nominate"), { rules: NOMINATE_FIELDS });
  return (
    <PageForm form={form} action={electionAction(id, "nominate")}>
      <SelectField name="office" rule={NOMINATE_FIELDS.office} required>
        <option value="">Choose an office</option>
        {offices.map((office) => (
          <option key={office.office} value={office.office}>
            {office.label}
          </option>
        ))}
      </SelectField>
      <TextField
        name="candidate"
        rule={NOMINATE_FIELDS.candidate}
        hint="Their member number, or their full name as on the roll."
      />
      <button type="submit" disabled={form.sending}>
        Nominate
      </button>
      <FormStatusLine kind={form.status.kind} message={form.status.message} />
    </PageForm>
  );
}
