import { FieldError, FormStatusLine } from "#components/forms/fields.tsx";
import { FormGuard } from "#components/forms/form-guard.tsx";
import { PageForm, useFormState, usePageForm } from "#components/forms/page-form.tsx";
import styles from "./ballot.module.css";

export type BallotOfficeView = {
  office: string;
  label: string;
  seats: number;
  candidates: { nomination: string; name: string }[];
};

const fieldOf = (office: string) => `office-${office}`;
const seatsText = (seats: number) => (seats === 1 ? "1 seat" : `${seats} seats`);

/**
 * The browser's own check, in the server's words (ballot-cast.server.ts, readChoices): no more
 * ticks for an office than its seats. The server checks again whatever the browser did.
 */
function overTheSeats(offices: readonly BallotOfficeView[]) {
  return (form: HTMLFormElement) => {
    const errors: Record<string, string> = {};
    for (const office of offices) {
      const name = fieldOf(office.office);
      const ticked = Array.from(form.elements).filter(
        (element) => element instanceof HTMLInputElement && element.name === name && element.checked,
      ).length;
      if (ticked > office.seats)
        errors[name] =
          `Choose at most ${office.seats} for ${office.label} (${office.seats === 1 ? "one seat" : `${office.seats} seats`}); you chose ${ticked}.`;
    }
    return errors;
  };
}

/**
 * The ballot: each office the voter votes for, its seats and its candidates as checkboxes. Fewer
 * ticks than seats, or none, is a valid vote for that office. With or without JavaScript it posts
 * to the voting page's action; a refusal comes back beside the office it concerns.
 */
export function BallotForm({
  offices,
  formToken,
}: {
  offices: readonly BallotOfficeView[];
  formToken: string;
}) {
  const form = usePageForm("ballot", { rules: {}, check: overTheSeats(offices) });
  return (
    <PageForm form={form} aria-label="Your ballot">
      <FormGuard token={formToken} />
      {offices.map((office) => (
        <OfficeChoices key={office.office} office={office} />
      ))}
      <p>Your vote is final once cast: you cannot change it or vote again.</p>
      <button type="submit" className="button" disabled={form.sending}>
        {form.sending ? "Casting your vote..." : "Cast my vote"}
      </button>
      <FormStatusLine
        kind={form.status.kind}
        message={form.sending ? "Casting your vote..." : form.status.message}
      />
    </PageForm>
  );
}

function OfficeChoices({ office }: { office: BallotOfficeView }) {
  const { errors, values } = useFormState();
  const name = fieldOf(office.office);
  const invalid = errors[name] ? true : undefined;
  const ticked = [values[name] ?? []].flat();
  return (
    <fieldset id={name} className={styles.office} aria-describedby={invalid && `${name}-error`}>
      <legend>{office.label}</legend>
      <p className={styles.seats}>
        {office.candidates.length === 0
          ? "No candidate is standing."
          : `Vote for up to ${office.seats === 1 ? "one candidate" : `${office.seats} candidates`} (${seatsText(office.seats)}). You may vote for fewer, or none.`}
      </p>
      <FieldError name={name} />
      {office.candidates.map((candidate) => (
        <div key={candidate.nomination} className={styles.box}>
          <input
            type="checkbox"
            id={`${name}-${candidate.nomination}`}
            name={name}
            value={candidate.nomination}
            defaultChecked={ticked.includes(candidate.nomination)}
            aria-invalid={invalid}
          />
          <label htmlFor={`${name}-${candidate.nomination}`}>{candidate.name}</label>
        </div>
      ))}
    </fieldset>
  );
}
