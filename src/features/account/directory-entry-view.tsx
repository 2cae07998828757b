import { useLocation } from "react-router";
import { FormStatusLine, TextArea, TextField } from "#components/forms/fields.tsx";
import { PageForm, usePageForm } from "#components/forms/page-form.tsx";
import { PrivacyNote } from "#components/forms/privacy-note.tsx";
import { CORRECTION_FORM, OWN_DETAILS_FORM as D, PRIVACY_FORM } from "#shared/forms/own-data-fields.ts";
import {
  CORRECTION_FIELDS,
  DIRECTORY_ENTRY_OUTCOMES,
  type DirectoryEntryStatus,
  HIDEABLE_FIELDS,
  type HideableField,
  NO_DIRECTORY_ENTRY,
  ownEntryRows,
} from "#shared/member-privacy.ts";
import type { Member } from "#shared/schemas/directory.ts";
import styles from "./account.module.css";
import { CheckboxGroup } from "./checkbox-group.tsx";
import own from "./own-data.module.css";

export const ENTRY_UNAVAILABLE =
  "Your directory entry could not be loaded just now, so your choices cannot be shown. Please try again in a minute.";

type Props = {
  returned: DirectoryEntryStatus | null;
  /**
   * The member's entry and the details hidden, or null when the directory could not be read;
   * `movedTo`: the account's new address, while the entry still carries the one before the change.
   */
  view: { entry: Member | null; hidden: readonly HideableField[]; movedTo?: string | null } | null;
};

/**
 * 'My directory entry': the signed-in member's own record in the directory, their own details to
 * change (position, institution, address, mobile; a new name goes to the secretariat), the contact
 * details hidden from other members (the boxes ticked as the choice now in force, so saving changes
 * only what the member changes), and a correction to send.
 */
export function DirectoryEntryView({ returned, view }: Props) {
  // After saving or sending, the page comes back with the choice as now held and the forms fresh.
  const { key } = useLocation();
  return (
    <>
      {returned && (
        <p role="status" className={`card notice ${styles.sent}`}>
          {DIRECTORY_ENTRY_OUTCOMES[returned]}
        </p>
      )}
      <section className={`card ${own.section}`} aria-labelledby="entry-title">
        <h2 id="entry-title">Your entry</h2>
        {!view ? (
          <p role="alert" className="error-text">
            {ENTRY_UNAVAILABLE}
          </p>
        ) : view.entry ? (
          <EntryDetails entry={view.entry} hidden={view.hidden} movedTo={view.movedTo ?? null} />
        ) : (
          <p>{NO_DIRECTORY_ENTRY}</p>
        )}
      </section>
      {view?.entry && <OwnDetailsForm key={`details-${key}`} entry={view.entry} />}
      {view?.entry && <PrivacyForm key={`privacy-${key}`} hidden={view.hidden} />}
      <CorrectionForm key={`correction-${key}`} hasEntry={view ? view.entry !== null : null} />
    </>
  );
}

function EntryDetails({
  entry,
  hidden,
  movedTo,
}: {
  entry: Member;
  hidden: readonly HideableField[];
  movedTo: string | null;
}) {
  const hiddenLabels = HIDEABLE_FIELDS.filter(({ value }) => hidden.includes(value)).map(({ label }) =>
    label.toLowerCase(),
  );
  return (
    <>
      <dl className={`${styles.details} ${own.entry}`}>
        {ownEntryRows(entry).map(([label, value]) => (
          <div key={label} className={styles.row}>
            <dt>{label}</dt>
            <dd>{value || "—"}</dd>
          </div>
        ))}
      </dl>
      {movedTo && (
        // The secretariat keeps the directory: the site told them when the change was confirmed.
        <p className="notice" data-directory-email="">
          The directory still shows your old e-mail address, {entry.email}, and the secretariat has been asked
          to change it to {movedTo}. Until they do, other members see the old address there, unless you hide
          it below.
        </p>
      )}
      <p data-hidden-details="">
        {hiddenLabels.length > 0
          ? `Hidden from other members: ${hiddenLabels.join(", ")}.`
          : "Nothing is hidden from other members."}
      </p>
    </>
  );
}

/**
 * 'My details': the member's own position, institution, address and mobile number, starting as
 * other members see them now; saved, they show at once in the entry's details (View More), and in
 * the list and the site search once the secretariat's directory has them. A new name is sent to the
 * secretariat, who confirm name changes.
 */
function OwnDetailsForm({ entry }: { entry: Member }) {
  const form = usePageForm("own-details", { rules: D });
  return (
    <PageForm
      form={form}
      idPrefix="details-"
      className={`card ${styles.form} ${own.section}`}
      aria-labelledby="details-title"
    >
      <h2 id="details-title">My details</h2>
      <input type="hidden" name="intent" value="details" />
      <p>
        Change your position, institution, address or mobile number here. Signed-in members see the change at
        once when they open your entry (View More), less what you hide below. The directory's list and the
        site search show it after the secretariat has copied it into the directory.
      </p>
      <TextField name="position" rule={D.position} defaultValue={entry.position} />
      <TextField name="institution" rule={D.institution} defaultValue={entry.university} />
      <TextField name="address1" rule={D.address1} defaultValue={entry.address1} />
      <TextField name="address2" rule={D.address2} defaultValue={entry.address2} />
      <TextField name="city" rule={D.city} defaultValue={entry.city} />
      <TextField name="state" rule={D.state} defaultValue={entry.state} />
      <TextField name="mobile" rule={D.mobile} defaultValue={entry.mobile} />
      <PrivacyNote />
      <TextField
        name="name"
        rule={D.name}
        hint={`In the directory as ${entry.name}. The secretariat confirms a change of name before it shows.`}
      />
      <button type="submit" className="button" disabled={form.sending}>
        {form.sending ? "Saving..." : "Save my details"}
      </button>
      <FormStatusLine kind={form.status.kind} message={form.status.message} />
    </PageForm>
  );
}

function PrivacyForm({ hidden }: { hidden: readonly HideableField[] }) {
  const form = usePageForm("directory-privacy", { rules: PRIVACY_FORM });
  return (
    <PageForm form={form} className={`card ${styles.form} ${own.section}`} aria-labelledby="privacy-title">
      <h2 id="privacy-title">Hide from other members</h2>
      <input type="hidden" name="intent" value="privacy" />
      <p>
        Members who are signed in see your e-mail address, mobile number and postal address in the directory
        unless you hide them here. Your name, position, institution, city and state stay in the public
        directory.
      </p>
      <CheckboxGroup name="hide" legend="Details to hide" options={HIDEABLE_FIELDS} checked={hidden} />
      <button type="submit" className="button" disabled={form.sending}>
        {form.sending ? "Saving..." : "Save my choices"}
      </button>
      <FormStatusLine kind={form.status.kind} message={form.status.message} />
    </PageForm>
  );
}

function CorrectionForm({ hasEntry }: { hasEntry: boolean | null }) {
  const form = usePageForm("directory-correction", {
    rules: CORRECTION_FORM,
    check: (element) =>
      new FormData(element).getAll("fields").length === 0 ? { fields: CORRECTION_FORM.fields.required } : {},
  });
  const options =
    hasEntry === false ? CORRECTION_FIELDS.filter((field) => field.value === "add") : CORRECTION_FIELDS;
  return (
    <PageForm form={form} className={`card ${styles.form} ${own.section}`} aria-labelledby="correction-title">
      <h2 id="correction-title">{hasEntry === false ? "Ask to be added" : "Send a correction"}</h2>
      <input type="hidden" name="intent" value="correction" />
      <p>
        The directory is kept by the secretariat. Tell them what is wrong or missing and what it should be;
        they will update the directory.
      </p>
      <CheckboxGroup name="fields" legend={CORRECTION_FORM.fields.label} options={options} />
      <TextArea name="details" rule={CORRECTION_FORM.details} rows={4} />
      <PrivacyNote />
      <button type="submit" className="button" disabled={form.sending}>
        {form.sending ? "Sending..." : "Send to the secretariat"}
      </button>
      <FormStatusLine kind={form.status.kind} message={form.status.message} />
    </PageForm>
  );
}
