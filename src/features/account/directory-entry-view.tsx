import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { Navigate } from "react-router";
import { getJson } from "#client/api-client.ts";
import { FormStatusLine, TextArea } from "#components/forms/fields.tsx";
import { useForm } from "#components/forms/use-form.ts";
import { pendingMark } from "#components/layout/pending.tsx";
import { useHydrated } from "#components/layout/use-hydrated.ts";
import { useSession } from "#components/session/session-store.ts";
import { formAcceptedSchema } from "#shared/api/form-answers.ts";
import {
  DIRECTORY_ENTRY_PAGE,
  DIRECTORY_ENTRY_PART_ID,
  type DirectoryEntryAnswer,
  directoryEntryAnswerSchema,
  privacySavedSchema,
} from "#shared/api/own-data.ts";
import { CORRECTION_FORM, PRIVACY_FORM } from "#shared/forms/own-data-fields.ts";
import {
  CORRECTION_FIELDS,
  DIRECTORY_ENTRY_OUTCOMES,
  HIDEABLE_FIELDS,
  isDirectoryEntryStatus,
  NO_DIRECTORY_ENTRY,
  ownEntryRows,
} from "#shared/member-privacy.ts";
import { loginReturningTo } from "#shared/return-path.ts";
import type { Member } from "#shared/schemas/directory.ts";
import styles from "./account.module.css";
import { CheckboxGroup } from "./checkbox-group.tsx";
import own from "./own-data.module.css";

const PAGE = "/account/directory-entry";
const HIDE = "hide";

type Loaded =
  | { kind: "loading" }
  | { kind: "failed"; message: string }
  | { kind: "ready"; answer: DirectoryEntryAnswer };

/**
 * 'My directory entry': the signed-in member's own record in the directory (matched by the
 * account's e-mail), the contact details hidden from other members, and a correction to send.
 * Prerendered without a member: until the entry has come (and without JavaScript) it shows both
 * forms, which work as plain posts, and a link to this page filled in by the server for the member
 * (DIRECTORY_ENTRY_PAGE: the entry, and the boxes of what is hidden ticked). The parts keep their
 * places when the entry comes, so what was typed or ticked meanwhile stays.
 */
export function DirectoryEntryView({ returned }: { returned: string | null }) {
  const session = useSession();
  const loaded = useOwnEntry(session.kind === "signed-in");
  const outcome = isDirectoryEntryStatus(returned) ? DIRECTORY_ENTRY_OUTCOMES[returned] : null;

  if (session.kind === "signed-out") return <Navigate to={loginReturningTo(PAGE)} replace />;
  if (session.kind === "failed")
    return <p className="error-text">Your account could not be loaded. Please reload the page.</p>;
  if (loaded.kind === "failed")
    return (
      <p role="alert" className="error-text">
        {loaded.message}
      </p>
    );
  const answer = loaded.kind === "ready" ? loaded.answer : null;
  return (
    <>
      {outcome && (
        <p role="status" className={styles.sent}>
          {outcome}
        </p>
      )}
      {answer ? (
        <section className={`card ${own.section}`} aria-labelledby="entry-title">
          <h2 id="entry-title">Your entry</h2>
          {answer.entry ? <EntryDetails entry={answer.entry} /> : <p>{NO_DIRECTORY_ENTRY}</p>}
        </section>
      ) : (
        // Without JavaScript the link asks the server for this page with this part filled in.
        <section
          id={DIRECTORY_ENTRY_PART_ID}
          className={`card ${own.section} ${own.part}`}
          aria-labelledby="entry-title"
          {...pendingMark}
        >
          <h2 id="entry-title">Your entry</h2>
          <p>
            <a href={DIRECTORY_ENTRY_PAGE}>Show my entry and the details I hide</a>
          </p>
          <p>The forms below work as they are; what you save replaces your earlier choice.</p>
        </section>
      )}
      {(!answer || answer.entry) && <PrivacyForm hidden={answer ? answer.hidden : null} />}
      <CorrectionForm hasEntry={answer ? answer.entry !== null : null} />
    </>
  );
}

/** The member's entry, asked for once the session says who is signed in. */
function useOwnEntry(signedIn: boolean): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ kind: "loading" });
  useEffect(() => {
    if (!signedIn) return;
    getJson("/api/account/directory-entry", directoryEntryAnswerSchema).then(
      (answer) => setLoaded({ kind: "ready", answer }),
      (error: Error) => setLoaded({ kind: "failed", message: error.message }),
    );
  }, [signedIn]);
  return loaded;
}

function EntryDetails({ entry }: { entry: Member }) {
  const rows = ownEntryRows(entry);
  return (
    <dl className={`${styles.details} ${own.entry}`}>
      {rows.map(([label, value]) => (
        <div key={label} className={styles.row}>
          <dt>{label}</dt>
          <dd>{value || "—"}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Until the choice in force comes (`hidden`, null until then) every box is drawn unticked. When it
 * comes it becomes the boxes' default (what the form's reset returns to), and each box shows it
 * unless the member has already ticked or clicked that box: nothing done while the entry was on
 * its way is undone.
 */
function PrivacyForm({ hidden }: { hidden: readonly string[] | null }) {
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const clicked = useRef(new Set<string>());
  // What this form last saved; the boxes are drawn anew from it, as the server now holds it.
  const [saved, setSaved] = useState<readonly string[] | null>(null);
  useLayoutEffect(() => {
    if (!hidden || !form.current) return;
    for (const box of form.current.querySelectorAll<HTMLInputElement>(`input[name="${HIDE}"]`)) {
      const chosen = hidden.includes(box.value);
      const members = box.checked || clicked.current.has(box.value);
      box.defaultChecked = chosen;
      if (!members) box.checked = chosen;
    }
  }, [hidden]);
  const { status, errors, onSubmit, sending } = useForm({
    action: "/api/account/directory-privacy",
    rules: PRIVACY_FORM,
    answer: privacySavedSchema,
    onAccepted: (data) => {
      setSaved(data.hidden);
      return undefined;
    },
  });
  return (
    <form
      ref={form}
      method="post"
      action="/api/account/directory-privacy"
      noValidate={hydrated}
      onSubmit={onSubmit}
      onChange={(event) => {
        const box = event.target;
        if (box instanceof HTMLInputElement && box.name === HIDE) clicked.current.add(box.value);
      }}
      className={`card ${styles.form} ${own.section}`}
      aria-labelledby="privacy-title"
    >
      <h2 id="privacy-title">Hide from other members</h2>
      <p>
        Members who are signed in see your e-mail address, mobile number and postal address in the directory
        unless you hide them here. Your name, position, institution, city and state stay in the public
        directory.
      </p>
      <CheckboxGroup
        key={saved?.join() ?? "before-saving"}
        name={HIDE}
        legend="Details to hide"
        options={HIDEABLE_FIELDS}
        checked={saved ?? []}
        errors={errors}
      />
      <button type="submit" className="button" disabled={sending}>
        {sending ? "Saving..." : "Save my choices"}
      </button>
      <FormStatusLine kind={status.kind} message={status.message} />
    </form>
  );
}

function CorrectionForm({ hasEntry }: { hasEntry: boolean | null }) {
  const hydrated = useHydrated();
  const { status, errors, onSubmit, sending } = useForm({
    action: "/api/account/directory-correction",
    rules: CORRECTION_FORM,
    answer: formAcceptedSchema,
    check: (form) =>
      new FormData(form).getAll("fields").length === 0 ? { fields: CORRECTION_FORM.fields.required } : {},
    onAccepted: (_data, form) => {
      form.reset();
      return undefined;
    },
  });
  const options =
    hasEntry === false ? CORRECTION_FIELDS.filter((field) => field.value === "add") : CORRECTION_FIELDS;
  return (
    <form
      method="post"
      action="/api/account/directory-correction"
      noValidate={hydrated}
      onSubmit={onSubmit}
      className={`card ${styles.form} ${own.section}`}
      aria-labelledby="correction-title"
    >
      <h2 id="correction-title">{hasEntry === false ? "Ask to be added" : "Send a correction"}</h2>
      <p>
        The directory is kept by the secretariat. Tell them what is wrong or missing and what it should be;
        they will update the directory.
      </p>
      <CheckboxGroup name="fields" legend={CORRECTION_FORM.fields.label} options={options} errors={errors} />
      <TextArea name="details" rule={CORRECTION_FORM.details} errors={errors} rows={4} />
      <button type="submit" className="button" disabled={sending}>
        {sending ? "Sending..." : "Send to the secretariat"}
      </button>
      <FormStatusLine kind={status.kind} message={status.message} />
    </form>
  );
}
