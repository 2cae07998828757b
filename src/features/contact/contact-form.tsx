import { type FormEvent, useState } from "react";
import { FormGuard } from "#components/forms/form-guard.tsx";
import { useHydrated } from "#components/layout/use-hydrated.ts";
import { withoutGuardFields } from "#shared/form-guard.ts";
import { contactMessageSchema, fieldErrors } from "#shared/schemas/contact.ts";
import styles from "./contact-form.module.css";

type Status = { kind: "idle" | "sending" | "sent" | "error"; message: string };
type Errors = Partial<Record<string, string>>;

/** What a no-JavaScript post came back to (`?status=` after the function's redirect). */
const RETURNED: Record<string, Status> = {
  sent: { kind: "sent", message: "Thank you. Your message has been sent to the secretariat." },
  invalid: {
    kind: "error",
    message: "Your message could not be sent: please check each field and try again.",
  },
};

// maxLength mirrors the shared schema's limits, so the browser stops typing where the server would refuse.
const FIELDS = [
  {
    name: "first_name",
    label: "First name",
    type: "text",
    autoComplete: "given-name",
    required: true,
    maxLength: 100,
  },
  {
    name: "last_name",
    label: "Last name",
    type: "text",
    autoComplete: "family-name",
    required: false,
    maxLength: 100,
  },
  {
    name: "email",
    label: "E-mail address",
    type: "email",
    autoComplete: "email",
    required: true,
    maxLength: 254,
  },
  {
    name: "phone_number",
    label: "Phone number",
    type: "tel",
    autoComplete: "tel",
    required: false,
    maxLength: 25,
  },
] as const;

/**
 * 'Send Us a Message'. Without JavaScript it is a plain POST to /api/contact, which redirects back
 * here with ?status=; with it, the same request is sent as JSON and the answer shown inline.
 */
export function ContactForm({ returned }: { returned: string | null }) {
  const hydrated = useHydrated();
  const [status, setStatus] = useState<Status>(RETURNED[returned ?? ""] ?? { kind: "idle", message: "" });
  const [errors, setErrors] = useState<Errors>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = Object.fromEntries(new FormData(form));
    const checked = contactMessageSchema.safeParse(withoutGuardFields(data));
    if (!checked.success) {
      showErrors(form, fieldErrors(checked.error), "Please correct the highlighted fields.");
      return;
    }
    setErrors({});
    setStatus({ kind: "sending", message: "Sending your message..." });
    try {
      const response = await fetch("/api/contact", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(data),
      });
      const body = (await response.json().catch(() => ({}))) as {
        message?: string;
        error?: string;
        fields?: Errors;
      };
      if (response.ok) {
        form.reset();
        setStatus({ kind: "sent", message: body.message ?? RETURNED.sent?.message ?? "" });
      } else {
        showErrors(
          form,
          body.fields ?? {},
          body.error ?? "Your message could not be sent. Please try again.",
        );
      }
    } catch {
      setStatus({
        kind: "error",
        message: "Your message could not be sent. Please check your connection and try again.",
      });
    }
  }

  function showErrors(form: HTMLFormElement, found: Errors, message: string) {
    setErrors(found);
    setStatus({ kind: "error", message });
    const first = Object.keys(found)[0];
    if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
  }

  const describedBy = (name: string) => (errors[name] ? `${name}-error` : undefined);

  return (
    <form
      method="post"
      action="/api/contact"
      noValidate={hydrated}
      onSubmit={onSubmit}
      className={styles.form}
      aria-labelledby="contact-form-title"
    >
      <h2 id="contact-form-title">Send Us a Message</h2>
      <FormGuard />
      <div className={styles.grid}>
        {FIELDS.map((field) => (
          <div key={field.name} className={styles.field}>
            <label htmlFor={field.name}>
              {field.label}
              {!field.required && <span className={styles.optional}> (optional)</span>}
            </label>
            <input
              id={field.name}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              required={field.required}
              maxLength={field.maxLength}
              aria-invalid={errors[field.name] ? true : undefined}
              aria-describedby={describedBy(field.name)}
            />
            {errors[field.name] && (
              <p id={`${field.name}-error`} className={styles.error}>
                {errors[field.name]}
              </p>
            )}
          </div>
        ))}
      </div>
      <div className={styles.field}>
        <label htmlFor="message">Message</label>
        <textarea
          id="message"
          name="message"
          rows={4}
          required
          maxLength={5000}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy("message")}
        />
        {errors.message && (
          <p id="message-error" className={styles.error}>
            {errors.message}
          </p>
        )}
      </div>
      <button type="submit" className="button" disabled={status.kind === "sending"}>
        {status.kind === "sending" ? "Sending..." : "Send Message"}
      </button>
      <p
        role="status"
        className={
          status.kind === "error" ? "error-text" : status.kind === "sent" ? styles.sent : styles.note
        }
      >
        {status.message}
      </p>
    </form>
  );
}
