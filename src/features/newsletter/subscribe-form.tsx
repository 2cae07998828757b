import { useId } from "react";
import { Link } from "react-router";
import { ruleAttributes } from "#components/forms/fields.tsx";
import { Honeypot } from "#components/forms/form-guard.tsx";
import { PageForm, usePageForm } from "#components/forms/page-form.tsx";
import { SUBSCRIBE_FIELDS } from "#shared/forms/subscribe-fields.ts";
import styles from "./subscribe-form.module.css";

/**
 * The footer's Subscribe box, on every page, posting to the newsletter page's action. With
 * JavaScript the answer shows here and the reader stays on their page; without, the newsletter
 * page says what happened.
 */
export function SubscribeForm() {
  const id = useId();
  const form = usePageForm("subscribe", { rules: SUBSCRIBE_FIELDS });
  const invalid = form.status.kind === "error";
  // The box's one line says what is wrong with the address in the words of its error summary.
  const line = form.errors.email ?? form.status.message;
  const typed = form.values.email;
  return (
    <PageForm form={form} action="/newsletter" className={styles.form} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.heading}>
        Subscribe Us
      </h2>
      <p>
        News of the congress, the awards and the journal, a few times a year. Confirm by e-mail; leave with
        one click. <Link to="/privacy">Privacy notice</Link>.
      </p>
      <label htmlFor={`${id}-email`}>E-mail address</label>
      <div className={styles.row}>
        <input
          // A sent address is cleared, ready for the next one.
          key={form.status.kind === "done" ? form.status.message : "form"}
          id={`${id}-email`}
          name="email"
          defaultValue={typeof typed === "string" ? typed : undefined}
          {...ruleAttributes(SUBSCRIBE_FIELDS.email)}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={`${id}-status`}
        />
        <button type="submit" className="button" disabled={form.sending}>
          Subscribe
        </button>
      </div>
      <Honeypot />
      <p id={`${id}-status`} role="status" className={invalid ? styles.error : styles.note}>
        {form.sending ? "Subscribing..." : line}
      </p>
    </PageForm>
  );
}
