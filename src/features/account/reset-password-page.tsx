import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { getJson } from "#client/api-client.ts";
import { FormStatusLine, TextField } from "#components/forms/fields.tsx";
import { useForm } from "#components/forms/use-form.ts";
import { useHydrated } from "#components/layout/use-hydrated.ts";
import { loadSession } from "#components/session/session-store.ts";
import { isLinkRefusal, LINK_REFUSALS, type LinkRefusalStatus } from "#shared/account-recovery.ts";
import { formAcceptedSchema, linkCheckSchema } from "#shared/api/form-answers.ts";
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

/**
 * Where the link of a reset e-mail leads: a new password, twice. Opening the page spends nothing
 * (mail scanners open links); only the form's POST does. The token reaches the form in a hidden
 * field: written by the link-token edge function without JavaScript, by this page with it. A link
 * that has expired, been used or is not genuine offers a fresh one, before and after posting.
 */
export function ResetPasswordPage() {
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const returned = searchParams.get("status");
  const [refusal, setRefusal] = useState<LinkRefusalStatus | null>(isLinkRefusal(returned) ? returned : null);
  const { status, errors, onSubmit, sending } = useForm({
    action: "/api/reset-password",
    rules: F,
    answer: formAcceptedSchema,
    check: passwordsMatch,
    onAccepted: () => {
      void loadSession(true);
      return undefined;
    },
  });

  useEffect(() => {
    if (!token || refusal) return;
    const controller = new AbortController();
    getJson(`/api/reset-password?token=${encodeURIComponent(token)}`, linkCheckSchema, {
      signal: controller.signal,
    })
      .then((check) => {
        if (!check.usable && isLinkRefusal(check.reason)) setRefusal(check.reason);
      })
      // Unreachable now: the form's own post will say so.
      .catch(() => {});
    return () => controller.abort();
  }, [token, refusal]);

  if (refusal) return <FreshLink message={LINK_REFUSALS[refusal]} />;
  if (hydrated && !token) return <FreshLink message={LINK_REFUSALS.invalid} />;
  if (status.kind === "sent")
    return (
      <section>
        <p role="status" className="card">
          {status.message}
        </p>
        <p>
          <Link to="/login" className="button">
            Sign In
          </Link>
        </p>
      </section>
    );

  const linkDead = status.kind === "error" && Object.keys(errors).length === 0;
  return (
    <>
      <form
        method="post"
        action="/api/reset-password"
        noValidate={hydrated}
        onSubmit={onSubmit}
        className={`${styles.form} ${styles.narrow}`}
        aria-label="Choose a new password"
      >
        {/* Empty until hydrated, as prerendered (the edge function may have written it already). */}
        <input type="hidden" name="token" value={hydrated ? token : ""} />
        <TextField name="password" rule={F.password} errors={errors} hint={PASSWORD_HINT} />
        <TextField name="confirmPassword" rule={F.confirmPassword} errors={errors} />
        <button type="submit" className="button" disabled={sending}>
          {sending ? "Saving..." : "Set my new password"}
        </button>
        <FormStatusLine kind={status.kind} message={sending ? "Saving..." : linkDead ? "" : status.message} />
      </form>
      {linkDead && <FreshLink message={status.message} />}
    </>
  );
}
