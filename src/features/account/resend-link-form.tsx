import { FormStatusLine, TextField } from "#components/forms/fields.tsx";
import { PageForm, usePageForm } from "#components/forms/page-form.tsx";
import { RESEND_FIELDS as F } from "#shared/forms/sign-in-fields.ts";
import styles from "./account.module.css";

/**
 * 'Send me a fresh link': asks for the address only, and answers every address the same, so it
 * tells no one whether an address has an account. Posted to the confirmation page's action
 * (from there and from the login page), which comes back to /verify-email?status=sent.
 */
export function ResendLinkForm() {
  const form = usePageForm("resend-link", { rules: F, invalid: "" });
  return (
    <PageForm
      form={form}
      action="/verify-email"
      idPrefix="resend-"
      className={`${styles.form} ${styles.narrow}`}
      aria-label="Send me a fresh link"
    >
      <input type="hidden" name="intent" value="resend" />
      <TextField
        name="email"
        rule={F.email}
        hint="The address you enrolled with: we send a fresh confirmation link to it."
      />
      <button type="submit" className="button" disabled={form.sending}>
        Send me a fresh link
      </button>
      <FormStatusLine kind={form.status.kind} message={form.sending ? "Sending..." : form.status.message} />
    </PageForm>
  );
}
