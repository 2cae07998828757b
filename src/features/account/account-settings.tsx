import { Navigate } from "react-router";
import { FormStatusLine, TextField } from "#components/forms/fields.tsx";
import { useForm } from "#components/forms/use-form.ts";
import { useHydrated } from "#components/layout/use-hydrated.ts";
import { useSession } from "#components/session/session-store.ts";
import { EMAIL_CHANGE_SENT, PASSWORD_CHANGED } from "#shared/account-recovery.ts";
import { formAcceptedSchema } from "#shared/api/form-answers.ts";
import {
  CHANGE_EMAIL_FIELDS,
  CHANGE_PASSWORD_FIELDS,
  PASSWORD_HINT,
} from "#shared/forms/account-recovery-fields.ts";
import { loginReturningTo } from "#shared/return-path.ts";
import styles from "./account.module.css";
import { passwordsMatch } from "./reset-password-page.tsx";

/** A new password: the current one first. Without JavaScript a plain POST (see settings-password). */
function ChangePasswordForm({ done }: { done: boolean }) {
  const hydrated = useHydrated();
  const F = CHANGE_PASSWORD_FIELDS;
  const { status, errors, onSubmit, sending } = useForm({
    action: "/api/account/password",
    rules: F,
    answer: formAcceptedSchema,
    check: passwordsMatch,
    onAccepted: (_data, form) => {
      form.reset();
      return undefined;
    },
    initial: done ? { kind: "sent", message: PASSWORD_CHANGED } : undefined,
  });
  return (
    <form
      method="post"
      action="/api/account/password"
      noValidate={hydrated}
      onSubmit={onSubmit}
      className={`${styles.form} ${styles.narrow}`}
      aria-labelledby="change-password-title"
    >
      <h2 id="change-password-title">Change password</h2>
      <TextField name="currentPassword" rule={F.currentPassword} errors={errors} />
      <TextField name="password" rule={F.password} errors={errors} hint={PASSWORD_HINT} />
      <TextField name="confirmPassword" rule={F.confirmPassword} errors={errors} />
      <button type="submit" className="button" disabled={sending}>
        {sending ? "Saving..." : "Change password"}
      </button>
      <FormStatusLine kind={status.kind} message={sending ? "Saving..." : status.message} />
    </form>
  );
}

/** A new address, confirmed by a link sent to it. Without JavaScript a plain POST (settings-email). */
function ChangeEmailForm({ done, current }: { done: boolean; current: string | null }) {
  const hydrated = useHydrated();
  const F = CHANGE_EMAIL_FIELDS;
  const { status, errors, onSubmit, sending } = useForm({
    action: "/api/account/email",
    rules: F,
    answer: formAcceptedSchema,
    onAccepted: (_data, form) => {
      form.reset();
      return undefined;
    },
    initial: done ? { kind: "sent", message: EMAIL_CHANGE_SENT } : undefined,
  });
  return (
    <form
      method="post"
      action="/api/account/email"
      noValidate={hydrated}
      onSubmit={onSubmit}
      className={`${styles.form} ${styles.narrow}`}
      aria-labelledby="change-email-title"
    >
      <h2 id="change-email-title">Change e-mail address</h2>
      {current && <p>You sign in with {current}.</p>}
      <TextField
        name="email"
        rule={F.email}
        errors={errors}
        hint="We send a link to this address; your account moves to it once you open the link."
      />
      <TextField name="emailPassword" rule={F.emailPassword} errors={errors} />
      <button type="submit" className="button" disabled={sending}>
        {sending ? "Sending..." : "Change e-mail address"}
      </button>
      <FormStatusLine kind={status.kind} message={sending ? "Sending..." : status.message} />
    </form>
  );
}

/**
 * The signed-in account's settings. The page is prerendered without a session: its forms work
 * without JavaScript (the functions check the session and send a visitor who is not signed in to
 * /login); with it, a visitor who is not signed in is sent to /login at once.
 */
export function AccountSettings({ returned }: { returned: string | null }) {
  const session = useSession();
  if (session.kind === "signed-out") return <Navigate to={loginReturningTo("/account/settings")} replace />;
  const current = session.kind === "signed-in" ? session.account.email : null;
  return (
    <>
      <ChangePasswordForm done={returned === "password-changed"} />
      <ChangeEmailForm done={returned === "email-sent"} current={current} />
    </>
  );
}
