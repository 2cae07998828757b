import { type FormEvent, useId, useState } from "react";
import { Honeypot } from "#components/forms/form-guard.tsx";
import { useHydrated } from "#components/layout/use-hydrated.ts";
import { NEWSLETTER_OUTCOMES } from "#shared/newsletter.ts";
import styles from "./subscribe-form.module.css";

type Status = { kind: "idle" | "sending" | "done" | "error"; message: string };

/**
 * The footer's Subscribe box. Without JavaScript it posts to /api/subscribe, which sends the
 * browser to /newsletter with the outcome; with it, the answer is shown here.
 */
export function SubscribeForm() {
  const id = useId();
  const hydrated = useHydrated();
  const [status, setStatus] = useState<Status>({ kind: "idle", message: "" });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = form.elements.namedItem("email") as HTMLInputElement;
    if (!email.checkValidity()) {
      setStatus({ kind: "error", message: NEWSLETTER_OUTCOMES.invalid });
      email.focus();
      return;
    }
    setStatus({ kind: "sending", message: "Subscribing..." });
    try {
      const response = await fetch("/api/subscribe", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(Object.fromEntries(new FormData(form))),
      });
      const body = (await response.json().catch(() => ({}))) as { message?: string; error?: string };
      if (response.ok) {
        form.reset();
        setStatus({ kind: "done", message: body.message ?? NEWSLETTER_OUTCOMES.pending });
      } else {
        setStatus({ kind: "error", message: body.error ?? "Please try again in a minute." });
      }
    } catch {
      setStatus({ kind: "error", message: "You could not be subscribed. Please check your connection." });
    }
  }

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
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          aria-invalid={invalid ? true : undefined}
          aria-describedby={`${id}-status`}
        />
        <button type="submit" className="button" disabled={status.kind === "sending"}>
          Subscribe
        </button>
      </div>
      <Honeypot />
      <p id={`${id}-status`} role="status" className={invalid ? styles.error : styles.note}>
        {status.message}
      </p>
    </form>
  );
}
