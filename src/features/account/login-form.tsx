import { Form, Link } from "react-router";
import { FormStatusLine, TextField } from "#components/forms/fields.tsx";
import { PageForm, usePageForm } from "#components/forms/page-form.tsx";
import { useSession } from "#components/session/session-store.ts";
import type { LoginNotice } from "#shared/account.ts";
import { CLAIM_LINK_TEXT, CLAIM_PAGE } from "#shared/account-claim.ts";
import { LOGIN_FIELDS as F, LOGIN_INVALID } from "#shared/forms/sign-in-fields.ts";
import { RETURN_FIELD } from "#shared/return-path.ts";
import styles from "./account.module.css";
import { ResendLinkForm } from "./resend-link-form.tsx";

/**
 * 'Log In', posted to the login page's action: signed in, the page moves on to `next` (a path on
 * this site, checked by the loader) or the account's own page; refused, the error shows here.
 * The right password for an address not confirmed yet brings the page back with the offer of a
 * fresh confirmation link.
 */
export function LoginForm({
  notice,
  offerFreshLink,
  next,
}: {
  notice: LoginNotice | null;
  offerFreshLink: boolean;
  next: string | null;
}) {
  const form = usePageForm("login", { rules: F, invalid: LOGIN_INVALID });
  const status = form.status.kind === "idle" && notice ? notice : form.status;
  return (
    <>
      <PageForm form={form} className={`${styles.form} ${styles.narrow}`} aria-label="Log In">
        {next && <input type="hidden" name={RETURN_FIELD} value={next} />}
        <TextField name="email" rule={F.email} />
        <TextField name="password" rule={F.password} />
        <button type="submit" className="button" disabled={form.sending}>
          {form.sending ? "Signing in..." : "Log In"}
        </button>
        <FormStatusLine kind={status.kind} message={form.sending ? "Signing in..." : status.message} />
        <p>
          <Link to="/forgot-password">Forgot password?</Link>
        </p>
        <p>
          Don't have an account? <Link to="/sign-up">Sign Up</Link>
        </p>
        <p>
          <Link to={CLAIM_PAGE}>{CLAIM_LINK_TEXT}</Link>
        </p>
      </PageForm>
      {offerFreshLink && <ResendLinkForm />}
    </>
  );
}

/** Signed in already: says as whom, and offers the account and signing out. */
export function SignedInNotice() {
  const session = useSession();
  if (session.kind !== "signed-in") return null;
  return (
    <section className={`card ${styles.narrow}`} aria-labelledby="signed-in-title">
      <h2 id="signed-in-title">You are signed in</h2>
      <p>
        Signed in as {session.account.name} ({session.account.email}).{" "}
        <Link to="/account">Go to your account</Link>, or sign out to sign in as someone else.
      </p>
      <SignOutButton />
    </section>
  );
}

/** Sign out: a plain form to /logout, so it works however the page was reached. */
export function SignOutButton({ className = "button" }: { className?: string }) {
  return (
    <Form method="post" action="/logout">
      <button type="submit" className={className}>
        Sign out
      </button>
    </Form>
  );
}
