import { FormStatusLine, TextField } from "#components/forms/fields.tsx";
import { useForm } from "#components/forms/use-form.ts";
import { useHydrated } from "#components/layout/use-hydrated.ts";
import { RESET_SENT } from "#shared/account-recovery.ts";
import { formAcceptedSchema } from "#shared/api/form-answers.ts";
import { FORGOT_FIELDS as F } from "#shared/forms/account-recovery-fields.ts";
import styles from "./account.module.css";

/**
 * 'Send me a link': the address only, and the same answer for every address, so it tells no one
 * whether an address has an account. Without JavaScript a plain POST to /api/forgot-password,
 * answered with a redirect to /forgot-password?status=sent or this page with the error beside
 * the field. Also the fresh-link form of a reset link that no longer works.
 */
export function ForgotPasswordForm({ sent = false, title }: { sent?: boolean; title?: string }) {
  const hydrated = useHydrated();
  const { status, errors, onSubmit, sending } = useForm({
    action: "/api/forgot-password",
    rules: F,
    answer: formAcceptedSchema,
    initial: sent ? { kind: "sent", message: RESET_SENT } : undefined,
  });
  return (
    <form
      method="post"
      action="/api/forgot-password"
      noValidate={hydrated}
      onSubmit={onSubmit}
      className={`${styles.form} ${styles.narrow}`}
      aria-label={title ?? "Send me a link to choose a new password"}
    >
      <TextField
        name="email"
        rule={F.email}
        errors={errors}
        hint="The address you sign in with: we send a link to choose a new password to it."
      />
      <button type="submit" className="button" disabled={sending}>
        {sending ? "Sending..." : "Send me a link"}
      </button>
      <FormStatusLine kind={status.kind} message={sending ? "Sending..." : status.message} />
    </form>
  );
}
