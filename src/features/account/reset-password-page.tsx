import { FormStatusLine, TextField } from "#components/forms/fields.tsx";
import { PageForm, usePageForm } from "#components/forms/page-form.tsx";
import { LINK_REFUSALS, type LinkRefusalStatus } from "#shared/account-recovery.ts";
import { RESET_FIELDS as F, PASSWORD_HINT, PASSWORDS_DIFFER } from "#shared/forms/account-recovery-fields.ts";
import styles from "./account.module.css";
import { ForgotPasswordForm } from "./forgot-password-form.tsx";

/** The two new-password fields must agree: a check the browser's own rules cannot make. */
export function passwordsMatch(form: HTMLFormElement) {
  const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? "";
  return value("password") === value("confirmPassword") ? {} : { confirmPassword: PASSWORDS_DIFFER };
}

/** Why the link does not work, and a form that mails a fresh one. */
function FreshLink({ message }: { message: string }) {
  return (
    <section aria-labelledby="fresh-link-title">
      <p role="alert" className="error-text">
        {message}
      </p>
      <h2 id="fresh-link-title">Get a fresh link</h2>
      <p>Enter the address you sign in with and we will send a new link. It works once, for 30 minutes.</p>
      <ForgotPasswordForm title="Get a fresh link" />
    </section>
  );
}

type Props = { token: string | null; refusal: LinkRefusalStatus | null };

/**
 * A new password, twice, posted with the link's token to the reset page's action: done, the
 * login page says so; a link that has expired, been used or is not genuine brings the page back
 * saying why, with the offer of a fresh link.
 */
export function ResetPasswordPage({ token, refusal }: Props) {
  const form = usePageForm("reset-password", { rules: F, check: passwordsMatch });
  if (refusal || !token) return <FreshLink message={LINK_REFUSALS[refusal ?? "invalid"]} />;
  return (
    <PageForm form={form} className={`${styles.form} ${styles.narrow}`} aria-label="Choose a new password">
      <input type="hidden" name="token" value={token} />
      <TextField name="password" rule={F.password} hint={PASSWORD_HINT} />
      <TextField name="confirmPassword" rule={F.confirmPassword} />
      <button type="submit" className="button" disabled={form.sending}>
        {form.sending ? "Saving..." : "Set my new password"}
      </button>
      <FormStatusLine kind={form.status.kind} message={form.sending ? "Saving..." : form.status.message} />
    </PageForm>
  );
}
