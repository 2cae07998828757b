import { type FormEvent, useState } from "react";
import fieldStyles from "#components/forms/fields.module.css";
import { VERIFY_OUTCOMES } from "#shared/members.ts";
import { formFields, postJson, text } from "./form-data.ts";
import styles from "./members.module.css";

type Status = { kind: "idle" | "sending" | "done" | "error"; message: string };

/**
 * 'Send me a fresh link': asks for the address only, and answers every address the same, so it
 * tells no one whether an address has an account. Without JavaScript a plain POST, answered with
 * a redirect to /verify-email?status=sent.
 */
export function ResendLinkForm() {
  const [status, setStatus] = useState<Status>({ kind: "idle", message: "" });
  const [error, setError] = useState("");

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = formFields(event.currentTarget);
    if (!text(fields.email)?.trim()) {
      setError("Please enter your e-mail address");
      return;
    }
    setError("");
    setStatus({ kind: "sending", message: "Sending..." });
    try {
      const { ok, body } = await postJson("/api/verify-email", { action: "resend", email: fields.email });
      setStatus(
        ok
          ? { kind: "done", message: text(body.message) ?? VERIFY_OUTCOMES.sent }
          : { kind: "error", message: text(body.error) ?? "The link could not be sent. Please try again." },
      );
    } catch {
      setStatus({
        kind: "error",
        message: "The link could not be sent. Please check your connection and try again.",
      });
    }
  }

  return (
    <form
      method="post"
      action="/api/verify-email"
      onSubmit={onSubmit}
      className={`${styles.form} ${styles.narrow}`}
    >
      <input type="hidden" name="action" value="resend" />
      {/* Its own id: the sign-in form, with its own e-mail field, may be on the same page. */}
      <div className={fieldStyles.field}>
        <label htmlFor="resend-email">Email Address</label>
        <p id="resend-email-hint" className={fieldStyles.hint}>
          The address you enrolled with: we send a fresh confirmation link to it.
        </p>
        <input
          id="resend-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "resend-email-hint resend-email-error" : "resend-email-hint"}
        />
        {error && (
          <p id="resend-email-error" className="field-error">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="button" disabled={status.kind === "sending"}>
        Send me a fresh link
      </button>
      <p role="status" className={status.kind === "error" ? "error-text" : styles.note}>
        {status.message}
      </p>
    </form>
  );
}
