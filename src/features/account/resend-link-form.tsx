import fieldStyles from "#components/forms/fields.module.css";
import { useForm } from "#components/forms/use-form.ts";
import { formAcceptedSchema } from "#shared/api/form-answers.ts";
import { RESEND_FIELDS as F } from "#shared/forms/sign-in-fields.ts";
import styles from "./account.module.css";

/**
 * 'Send me a fresh link': asks for the address only, and answers every address the same, so it
 * tells no one whether an address has an account. Without JavaScript a plain POST, answered with
 * a redirect to /verify-email?status=sent.
 */
export function ResendLinkForm() {
  const { status, errors, onSubmit, sending } = useForm({
    action: "/api/verify-email",
    rules: F,
    answer: formAcceptedSchema,
    // The message beside the field says it all.
    invalid: "",
    unreachable: "The link could not be sent. Please check your connection and try again.",
  });
  const error = errors.email;

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
        <label htmlFor="resend-email">{F.email.label}</label>
        <p id="resend-email-hint" className={fieldStyles.hint}>
          The address you enrolled with: we send a fresh confirmation link to it.
        </p>
        <input
          id="resend-email"
          name="email"
          type={F.email.type}
          autoComplete={F.email.autoComplete}
          required
          maxLength={F.email.max}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "resend-email-hint resend-email-error" : "resend-email-hint"}
        />
        {error && (
          <p id="resend-email-error" className="field-error">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="button" disabled={sending}>
        Send me a fresh link
      </button>
      <p role="status" className={status.kind === "error" ? "error-text" : styles.note}>
        {sending ? "Sending..." : status.message}
      </p>
    </form>
  );
}
