import { Link } from "react-router";
import { FormStatusLine, SelectField, TextArea, TextField } from "#components/forms/fields.tsx";
import { PageForm, usePageForm } from "#components/forms/page-form.tsx";
import {
  ELECTIONS_WORKSPACE_PATH,
  electionCountPath,
  electionWorkspaceAction,
  electionWorkspacePath,
} from "#shared/elections/elections.ts";
import type { ElectionSummary, StageStep, WorkspaceElectionView } from "#shared/elections/views.ts";
import { ZONE_LABELS, ZONES } from "#shared/elections/zones.ts";
import {
  DECIDE_FIELDS,
  EXTEND_FIELDS,
  NEW_ELECTION_FIELDS as F,
  ROLL_ADD_FIELDS,
  ROLL_STRIKE_FIELDS,
} from "#shared/forms/election-fields.ts";

/** The workspace's Elections section (issue 59): the list and a new election; one election's page. */

export function ElectionList({
  elections,
  officers,
}: {
  elections: ElectionSummary[];
  officers: { id: string; name: string; email: string }[];
}) {
  return (
    <>
      <h2>Elections</h2>
      {elections.length === 0 ? (
        <p>No election yet.</p>
      ) : (
        <ul>
          {elections.map((election) => (
            <li key={election.id}>
              <Link to={electionWorkspacePath(election.id)}>{election.title}</Link> ({election.term}):{" "}
              {election.stage}; Returning Officer {election.returningOfficer}
            </li>
          ))}
        </ul>
      )}
      <h2>New election</h2>
      <p>
        The members elect two Vice-Presidents, the Secretary, the Treasurer and a Councillor for each zone;
        the President and the Editor are selected by a collegium and are not on the ballot. A window is whole
        days in India: it opens at the start of its first day and closes at the end of its last.
      </p>
      <NewElectionForm officers={officers} />
    </>
  );
}

function NewElectionForm({ officers }: { officers: { id: string; name: string; email: string }[] }) {
  const form = usePageForm("election-new", { rules: F });
  return (
    <PageForm form={form} action={ELECTIONS_WORKSPACE_PATH} className="ws-form">
      <TextField name="title" rule={F.title} />
      <TextField name="term" rule={F.term} inputMode="numeric" hint="Two years, like 2027-2028" />
      <TextField
        name="rollCutoff"
        rule={F.rollCutoff}
        hint="Members whose membership stands on this day are on the roll."
      />
      <TextField name="nominationsFrom" rule={F.nominationsFrom} />
      <TextField name="nominationsTo" rule={F.nominationsTo} />
      <TextField name="votingFrom" rule={F.votingFrom} />
      <TextField name="votingTo" rule={F.votingTo} />
      <TextField
        name="termBegins"
        rule={F.termBegins}
        hint="From this day the office bearers' page links the results."
      />
      <SelectField name="returningOfficer" rule={F.returningOfficer} required>
        <option value="">Choose a secretariat account</option>
        {officers.map((officer) => (
          <option key={officer.id} value={officer.id}>
            {officer.name} ({officer.email})
          </option>
        ))}
      </SelectField>
      <SelectField name="vicePresidents" rule={F.vicePresidents} defaultValue="one-office" required>
        <option value="one-office">One office of two seats: each voter picks up to two</option>
        <option value="two-offices">Two offices of one seat each: a candidate stands for one</option>
      </SelectField>
      <fieldset>
        <legend>Who elects each zone's Councillor</legend>
        {ZONES.map((zone) => (
          <SelectField
            key={zone}
            name={`chosenBy${zone}`}
            label={`Councillor (${ZONE_LABELS[zone]})`}
            defaultValue="all"
          >
            <option value="all">All voters</option>
            <option value="zone">The zone's members only</option>
          </SelectField>
        ))}
      </fieldset>
      <button type="submit" disabled={form.sending}>
        Create the election
      </button>
      <FormStatusLine kind={form.status.kind} message={form.status.message} />
    </PageForm>
  );
}

function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="ws-record">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function StepForm({ id, step }: { id: string; step: StageStep }) {
  const form = usePageForm(`election-${step.action}`, { rules: step.extend ? EXTEND_FIELDS : {} });
  return (
    <PageForm
      form={form}
      action={electionWorkspaceAction(id, step.action)}
      className="ws-form"
      idPrefix={`${step.action}-`}
    >
      <p>{step.hint}</p>
      {step.extend && <TextField name="lastDay" rule={EXTEND_FIELDS.lastDay} />}
      <button type="submit" disabled={form.sending}>
        {step.label}
      </button>
      <FormStatusLine kind={form.status.kind} message={form.status.message} />
    </PageForm>
  );
}

function RollForm({ id, kind }: { id: string; kind: "roll-add" | "roll-strike" }) {
  const rules =
    kind === "roll-add" ? ROLL_ADD_FIELDS : { member: ROLL_ADD_FIELDS.member, ...ROLL_STRIKE_FIELDS };
  const form = usePageForm(`election-${kind}`, { rules });
  return (
    <PageForm
      form={form}
      action={electionWorkspaceAction(id, kind)}
      className="ws-form"
      idPrefix={`${kind}-`}
    >
      <TextField name="member" rule={ROLL_ADD_FIELDS.member} />
      <TextArea
        name="reason"
        rule={kind === "roll-add" ? ROLL_ADD_FIELDS.reason : ROLL_STRIKE_FIELDS.reason}
        rows={3}
      />
      <button type="submit" disabled={form.sending}>
        {kind === "roll-add" ? "Add to the roll" : "Strike from the roll"}
      </button>
      <FormStatusLine kind={form.status.kind} message={form.status.message} />
    </PageForm>
  );
}

function DecideForm({ id, nomination }: { id: string; nomination: string }) {
  const form = usePageForm("election-decide", { rules: DECIDE_FIELDS });
  return (
    <PageForm
      form={form}
      action={electionWorkspaceAction(id, "decide")}
      className="ws-form"
      idPrefix={`decide-${nomination}-`}
    >
      <input type="hidden" name="nomination" value={nomination} />
      <SelectField name="decision" rule={DECIDE_FIELDS.decision} required>
        <option value="">Choose</option>
        <option value="valid">Valid: the candidate stands</option>
        <option value="rejected">Rejected</option>
      </SelectField>
      <TextArea name="note" rule={DECIDE_FIELDS.note} rows={2} />
      <button type="submit" disabled={form.sending}>
        Record the decision
      </button>
      <FormStatusLine kind={form.status.kind} message={form.status.message} />
    </PageForm>
  );
}

export function ElectionWorkspace({ view }: { view: WorkspaceElectionView }) {
  const ro = view.isReturningOfficer;
  return (
    <>
      <Facts rows={view.facts} />
      <h2>Stages</h2>
      {!ro && (
        <p>
          Only the Returning Officer, {view.returningOfficer}, opens, extends and closes the stages, changes
          the roll and decides on nominations.
        </p>
      )}
      {ro && view.steps.length === 0 && <p>Nothing is left to open or extend here.</p>}
      {ro && view.steps.map((step) => <StepForm key={step.action} id={view.id} step={step} />)}
      {(view.stage === "voting" || view.stage === "closed") && (
        <p>
          <Link to={electionCountPath(view.id)}>
            The count: the reminder to non-voters, closing voting, the results
          </Link>
        </p>
      )}
      <h2>The roll</h2>
      {view.roll.frozen ? (
        <>
          <p>
            {view.roll.count} {view.roll.count === 1 ? "member" : "members"} on the roll
            {view.roll.struck > 0 ? `; ${view.roll.struck} struck` : ""}.
          </p>
          <Facts rows={view.roll.byZone} />
          {view.roll.changes.length > 0 && (
            <ul>
              {view.roll.changes.map((change) => (
                <li key={change.memberNo}>
                  {change.what}: {change.name} ({change.memberNo}). {change.reason}
                </li>
              ))}
            </ul>
          )}
          {ro && view.roll.open && (
            <>
              <h3>Add a name</h3>
              <RollForm id={view.id} kind="roll-add" />
              <h3>Strike a name</h3>
              <RollForm id={view.id} kind="roll-strike" />
            </>
          )}
        </>
      ) : (
        <p>The roll is frozen when the notice of election is issued.</p>
      )}
      <h2>Nominations</h2>
      {view.nominations.length === 0 ? (
        <p>No nomination yet.</p>
      ) : (
        <ul className="ws-card">
          {view.nominations.map((nomination) => (
            <li key={nomination.id}>
              <p>
                <strong>{nomination.candidate}</strong> for {nomination.office}: {nomination.status}.
                Nominated by {nomination.nominatedBy}
                {nomination.secondedBy ? `, seconded by ${nomination.secondedBy}` : ""}.
              </p>
              {nomination.flag && <p>Referred: {nomination.flag}</p>}
              {nomination.note && <p>{nomination.note}</p>}
              {ro && nomination.decidable && <DecideForm id={view.id} nomination={nomination.id} />}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
