import { useLocation } from "react-router";
import { FormStatusLine, TextField } from "#components/forms/fields.tsx";
import { PageForm, usePageForm } from "#components/forms/page-form.tsx";
import { PrivacyNote } from "#components/forms/privacy-note.tsx";
import { EMAIL_CHANGE_SENT, PASSWORD_CHANGED, SECRETARIAT_ADDRESS_FIXED } from "#shared/account-recovery.ts";
import {
  CHANGE_EMAIL_FIELDS,
  CHANGE_PASSWORD_FIELDS,
  PASSWORD_HINT,
} from "#shared/forms/account-recovery-fields.ts";
import styles from "./account.module.css";
import { passwordsMatch } from "./reset-password-page.tsx";

const done = (message: string) => ({ kind: "done", message });

/** A new password: the current one first. */
function ChangePasswordForm({ changed }: { changed: boolean }) {
  const F = CHANGE_PASSWORD_FIELDS;
  const form = usePageForm("change-password", { rules: F, check: passwordsMatch });
  const status = form.status.kind === "idle" && changed ? done(PASSWORD_CHANGED) : form.status;
  return (
    <PageForm
      form={form}
      className={`${styles.form} ${styles.narrow}`}
      aria-labelledby="change-password-title"
    >
      <h2 id="change-password-title">Change password</h2>
      <input type="hidden" name="intent" value="change-password" />
      <TextField name="currentPassword" rule={F.currentPassword} />
      <TextField name="password" rule={F.password} hint={PASSWORD_HINT} />
      <TextField name="confirmPassword" rule={F.confirmPassword} />
      <button type="submit" className="button" disabled={form.sending}>
        {form.sending ? "Saving..." : "Change password"}
      </button>
      <FormStatusLine kind={status.kind} message={form.sending ? "Saving..." : status.message} />
    </PageForm>
  );
}

/** A new address, confirmed by a link sent to it. */
function ChangeEmailForm({ sent, current }: { sent: boolean; current: string }) {
  const F = CHANGE_EMAIL_FIELDS;
  const form = usePageForm("change-email", { rules: F });
  const status = form.status.kind === "idle" && sent ? done(EMAIL_CHANGE_SENT) : form.status;
  return (
    <PageForm form={form} className={`${styles.form} ${styles.narrow}`} aria-labelledby="change-email-title">
      <h2 id="change-email-title">Change e-mail address</h2>
      <input type="hidden" name="intent" value="change-email" />
      <p>You sign in with {current}.</p>
      <TextField
        name="email"
        rule={F.email}
        hint="We send a link to this address; your account moves to it once you open the link."
      />
      <TextField name="emailPassword" rule={F.emailPassword} />
      <PrivacyNote />
      <button type="submit" className="button" disabled={form.sending}>
        {form.sending ? "Sending..." : "Change e-mail address"}
      </button>
      <FormStatusLine kind={status.kind} message={form.sending ? "Sending..." : status.message} />
    </PageForm>
  );
}

/**
 * The signed-in account's settings, each change a form posted to the page's action: done, the
 * page comes back saying so beside the form, both forms empty again.
 */
export function AccountSettings({
  email,
  returned,
  addressFixed = false,
}: {
  email: string;
  returned: string | null;
  /** A secretariat account: its address is the one on the site's list, changed only there. */
  addressFixed?: boolean;
}) {
  const { key } = useLocation();
  return (
    <>
      <ChangePasswordForm key={`password-${key}`} changed={returned === "password-changed"} />
      {addressFixed ? (
        <section className={`${styles.form} ${styles.narrow}`} aria-labelledby="change-email-title">
          <h2 id="change-email-title">Change e-mail address</h2>
          <p>{SECRETARIAT_ADDRESS_FIXED}</p>
        </section>
      ) : (
        <ChangeEmailForm key={`email-${key}`} sent={returned === "email-sent"} current={email} />
      )}
    </>
  );
}
