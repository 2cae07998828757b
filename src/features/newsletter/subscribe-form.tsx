import { useId } from "react";
import { ruleAttributes } from "#components/forms/fields.tsx";
import { Honeypot } from "#components/forms/form-guard.tsx";
import { useForm } from "#components/forms/use-form.ts";
import { useHydrated } from "#components/layout/use-hydrated.ts";
import { formAcceptedSchema } from "#shared/api/form-answers.ts";
import { SUBSCRIBE_FIELDS } from "#shared/forms/subscribe-fields.ts";
import { NEWSLETTER_OUTCOMES } from "#shared/newsletter.ts";
import styles from "./subscribe-form.module.css";

/**
 * The footer's Subscribe box. Without JavaScript it posts to /api/subscribe, which sends the
 * browser to /newsletter with the outcome; with it, the answer is shown here.
 */
export function SubscribeForm() {
  const id = useId();
  const hydrated = useHydrated();
  const { status, onSubmit, sending } = useForm({
    action: "/api/subscribe",
    rules: SUBSCRIBE_FIELDS,
    answer: formAcceptedSchema,
    invalid: NEWSLETTER_OUTCOMES.invalid,
    onAccepted: (_data, form) => {
      form.reset();
      return undefined;
    },
  });

  const invalid = status.kind === "error";
  return (
    <form
      method="post"
      action="/api/subscribe"
      noValidate={hydrated}
      onSubmit={onSubmit}
      className={styles.form}
      aria-labelledby={`${id}-heading`}
    >
      <h2 id={`${id}-heading`} className={styles.heading}>
        Subscribe Us
      </h2>
      <p>
        News of the congress, the awards and the journal, a few times a year. Confirm by e-mail; leave with
        one click.
      </p>
      <label htmlFor={`${id}-email`}>E-mail address</label>
      <div className={styles.row}>
        <input
          id={`${id}-email`}
          name="email"
          {...ruleAttributes(SUBSCRIBE_FIELDS.email)}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={`${id}-status`}
        />
        <button type="submit" className="button" disabled={sending}>
          Subscribe
        </button>
      </div>
      <Honeypot />
      <p id={`${id}-status`} role="status" className={invalid ? styles.error : styles.note}>
        {sending ? "Subscribing..." : status.message}
      </p>
    </form>
  );
}
