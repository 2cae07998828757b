import { Checkbox, FormStatusLine, SelectField } from "#components/forms/fields.tsx";
import { PageForm, usePageForm } from "#components/forms/page-form.tsx";
import { REGISTER_CLASS_NAMES } from "#shared/account-claim.ts";
import { invitationAction } from "#shared/secretariat-paths.ts";
import { RecordList } from "./parts.tsx";
import { PressForm } from "./press-form.tsx";
import { WorkspacePage } from "./workspace-frame.tsx";

export type InvitationsView = {
  counts: {
    members: number;
    claimed: number;
    invited: number;
    reminded: number;
    toInvite: number;
    toRemind: number;
  };
  reminderAfterDays: number;
};

const ZONES: [string, string][] = [
  ["NZ", "North Zone"],
  ["EZ", "East Zone"],
  ["MEZ", "Middle East Zone"],
  ["CZ", "Central Zone"],
  ["WZ", "West Zone"],
  ["SZ", "South Zone"],
];

/** 'Invite': every unclaimed member not yet invited, or those of a zone, a class, or in arrears. */
function InviteForm({ toInvite }: { toInvite: number }) {
  const form = usePageForm("invite", { rules: {} });
  return (
    <PageForm form={form} action={invitationAction("invite")} className="ws-card ws-form">
      <h3>Invite</h3>
      <p>{`${toInvite} unclaimed member${toInvite === 1 ? " has" : "s have"} not been invited yet. Leave the choices as they are to invite them all, or narrow them:`}</p>
      <SelectField name="zone" label="Zone" defaultValue="">
        <option value="">Every zone</option>
        {ZONES.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <SelectField name="class" label="Class" defaultValue="">
        <option value="">Every class</option>
        {Object.entries(REGISTER_CLASS_NAMES).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <Checkbox name="inArrears" label="Only members in arrears" />
      <button type="submit" disabled={form.sending}>
        {form.sending ? "Queueing..." : "Invite"}
      </button>
      <FormStatusLine kind={form.status.kind} message={form.sending ? "Queueing..." : form.status.message} />
    </PageForm>
  );
}

/**
 * The register's members and their website accounts: how many have claimed, been invited and
 * reminded; one press invites, a second, later, sends the one reminder. Each mail carries a claim
 * link of its own and goes through the outbox (within the hour for the whole register).
 */
export function InvitationsPage({ counts, reminderAfterDays }: InvitationsView) {
  return (
    <WorkspacePage title="Invitations">
      <p>
        Every member on the society's register has a website account with their membership on it. A member
        gets into it by setting a password through a link mailed to the address on the register. Invite them
        here: each member is mailed once, with a link of their own, and the mails go out within the hour.
      </p>
      <RecordList
        rows={[
          ["Members on the register", String(counts.members)],
          ["Claimed their account", String(counts.claimed)],
          ["Invited", String(counts.invited)],
          ["Reminded", String(counts.reminded)],
        ]}
      />
      <div className="ws-actions">
        <InviteForm toInvite={counts.toInvite} />
        <section className="ws-card ws-form" aria-labelledby="remind-title">
          <h3 id="remind-title">Send the reminder</h3>
          <p>
            {`The one reminder, with a fresh link, to members invited at least ${reminderAfterDays} days ago who have not claimed and have not been reminded: ${counts.toRemind} now.`}
          </p>
          <PressForm name="remind" action={invitationAction("remind")} label="Send the reminder" />
        </section>
      </div>
    </WorkspacePage>
  );
}
