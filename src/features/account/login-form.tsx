import { Link, useNavigate } from "react-router";
import { TextField } from "#components/forms/fields.tsx";
import { type FormStatus, useForm } from "#components/forms/use-form.ts";
import { useHydrated } from "#components/layout/use-hydrated.ts";
import { loadSession, useSession } from "#components/session/session-store.ts";
import { LOGIN_FAILED, LOGIN_UNVERIFIED } from "#shared/account.ts";
import { PASSWORD_RESET_DONE } from "#shared/account-recovery.ts";
import { signedInSchema } from "#shared/api/account.ts";
import { LOGIN_FIELDS as F, LOGIN_INVALID } from "#shared/forms/sign-in-fields.ts";
import { RETURN_FIELD } from "#shared/return-path.ts";
import styles from "./account.module.css";
import { ResendLinkForm } from "./resend-link-form.tsx";

/** The right password for an address not confirmed yet: the one refusal that offers a fresh link. */
const UNVERIFIED = 403;

/** What a no-JavaScript post came back to. */
const RETURNED: Record<string, FormStatus> = {
  failed: { kind: "error", message: LOGIN_FAILED },
  throttled: {
    kind: "error",
    message: "Too many attempts to sign in. Please wait 15 minutes and try again.",
  },
  "signed-out": { kind: "idle", message: "You have signed out." },
  "password-reset": { kind: "idle", message: PASSWORD_RESET_DONE },
  unverified: { kind: "error", message: LOGIN_UNVERIFIED, httpStatus: UNVERIFIED },
};

/**
 * 'Log In'. Without JavaScript a plain POST to /api/login, which sets the session cookie and
 * redirects to /account (or back here with ?status=); with it, the same request as JSON.
 * `next` (checked by the caller: a path on this site) is where signing in leads instead of
 * /account; without JavaScript the login-return edge function writes it into the hidden field.
 */
export function LoginForm({ returned, next = null }: { returned: string | null; next?: string | null }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { status, errors, onSubmit } = useForm({
    action: "/api/login",
    rules: F,
    answer: signedInSchema,
    invalid: LOGIN_INVALID,
    unreachable: "Could not sign in. Please check your connection and try again.",
    initial: RETURNED[returned ?? ""],
    onAccepted: ({ home }) => {
      // The secretariat's workspace is served by a function, not a page of this app.
      if (home.startsWith("/secretariat")) window.location.assign(home);
      else void loadSession(true).then(() => navigate(next ?? "/account"));
      // Signed in: the page is on its way to the next one.
      return "Signing in...";
    },
  });
  // Accepted, the form says "Signing in..." until the next page is there.
  const signingIn = status.kind === "sending" || status.kind === "sent";
  const unverified = status.kind === "error" && status.httpStatus === UNVERIFIED;

  return (
    <>
      <form
        method="post"
        action="/api/login"
        noValidate={hydrated}
        onSubmit={onSubmit}
        className={`${styles.form} ${styles.narrow}`}
      >
        {/* Empty in the prerendered page (and until hydration, so the HTML matches). */}
        <input type="hidden" name={RETURN_FIELD} value={hydrated ? (next ?? "") : ""} />
        <TextField name="email" rule={F.email} errors={errors} />
        <TextField name="password" rule={F.password} errors={errors} />
        <button type="submit" className="button" disabled={signingIn}>
          {signingIn ? "Signing in..." : "Log In"}
        </button>
        <p role="status" className={status.kind === "error" ? "error-text" : styles.note}>
          {signingIn ? "Signing in..." : status.message}
        </p>
        <p>
          <Link to="/forgot-password">Forgot password?</Link>
        </p>
        <p>
          Don't have an account? <Link to="/sign-up">Sign Up</Link>
        </p>
      </form>
      {unverified && <ResendLinkForm />}
    </>
  );
}

/**
 * Signed in already: says as whom, and offers the account and signing out (a plain form, so it
 * works however the page was reached). Known only after hydration, as every page is prerendered.
 */
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
      <form method="post" action="/api/logout">
        <button type="submit" className="button">
          Sign out
        </button>
      </form>
    </section>
  );
}
