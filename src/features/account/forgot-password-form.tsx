import { FormStatusLine, TextField } from "#components/forms/fields.tsx";
import { PageForm, usePageForm } from "#components/forms/page-form.tsx";
import { RESET_SENT } from "#shared/account-recovery.ts";
import { FORGOT_FIELDS as F } from "#shared/forms/account-recovery-fields.ts";
import styles from "./account.module.css";

/**
 * 'Send me a link': the address only, and the same answer for every address, so it tells no one
 * whether an address has an account. Posted to the forgot-password page's action (also from a
 * reset link that no longer works), which comes back to /forgot-password?status=sent.
 */
export function ForgotPasswordForm({ sent = false, title }: { sent?: boolean; title?: string }) {
  const form = usePageForm("forgot-password", { rules: F });
  const status = form.status.kind === "idle" && sent ? { kind: "done", message: RESET_SENT } : form.status;
  return (
    <PageForm
      form={form}
      action="/forgot-password"
      className={`${styles.form} ${styles.narrow}`}
      aria-label={title ?? "Send me a link to choose a new password"}
    >
      <TextField
        name="email"
        rule={F.email}
        hint="The address you sign in with: we send a link to choose a new password to it."
      />
      <button type="submit" className="button" disabled={form.sending}>
        {form.sending ? "Sending..." : "Send me a link"}
      </button>
      <FormStatusLine kind={status.kind} message={form.sending ? "Sending..." : status.message} />
    </PageForm>
  );
}
