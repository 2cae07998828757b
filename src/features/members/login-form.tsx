import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { useHydrated } from "#components/layout/use-hydrated.ts";
import { loadSession, useSession } from "#components/session/session-store.ts";
import { LOGIN_FAILED, LOGIN_UNVERIFIED } from "#shared/members.ts";
import { type Errors, TextField } from "./fields.tsx";
import { formFields, postJson, text } from "./form-data.ts";
import styles from "./members.module.css";
import { ResendLinkForm } from "./resend-link-form.tsx";

type Status = { kind: "idle" | "sending" | "error" | "note" | "unverified"; message: string };

/** What a no-JavaScript post came back to. */
const RETURNED: Record<string, Status> = {
  failed: { kind: "error", message: LOGIN_FAILED },
  throttled: {
    kind: "error",
    message: "Too many attempts to sign in. Please wait 15 minutes and try again.",
  },
  "signed-out": { kind: "note", message: "You have signed out." },
  unverified: { kind: "unverified", message: LOGIN_UNVERIFIED },
};

/**
 * 'Log In'. Without JavaScript a plain POST to /api/login, which sets the session cookie and
 * redirects to /account (or back here with ?status=); with it, the same request as JSON.
 */
export function LoginForm({ returned }: { returned: string | null }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [status, setStatus] = useState<Status>(RETURNED[returned ?? ""] ?? { kind: "idle", message: "" });
  const [errors, setErrors] = useState<Errors>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = formFields(form);
    const missing: Errors = {};
    if (!text(fields.email)?.trim()) missing.email = "Please enter your e-mail address";
    if (!text(fields.password)) missing.password = "Please enter your password";
    setErrors(missing);
    if (Object.keys(missing).length > 0) {
      setStatus({ kind: "error", message: "Please enter your e-mail address and password." });
      return;
    }
    setStatus({ kind: "sending", message: "Signing in..." });
    try {
      const { ok, status, body } = await postJson("/api/login", fields);
      if (status === 403)
        return setStatus({ kind: "unverified", message: text(body.error) ?? LOGIN_UNVERIFIED });
      if (!ok) return setStatus({ kind: "error", message: text(body.error) ?? LOGIN_FAILED });
      // The secretariat's workspace is served by a function, not a page of this app.
      if (text(body.home) === "/secretariat") return window.location.assign("/secretariat");
      await loadSession(true);
      navigate("/account");
    } catch {
      setStatus({ kind: "error", message: "Could not sign in. Please check your connection and try again." });
    }
  }

  return (
    <>
      <form
        method="post"
        action="/api/login"
        noValidate={hydrated}
        onSubmit={onSubmit}
        className={`${styles.form} ${styles.narrow}`}
      >
        <TextField
          name="email"
          label="Email Address"
          type="email"
          autoComplete="username"
          required
          maxLength={254}
          errors={errors}
        />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={128}
          errors={errors}
        />
        <button type="submit" className="button" disabled={status.kind === "sending"}>
          {status.kind === "sending" ? "Signing in..." : "Log In"}
        </button>
        <p
          role="status"
          className={status.kind === "error" || status.kind === "unverified" ? "error-text" : styles.note}
        >
          {status.message}
        </p>
        <p>
          Don't have an account? <Link to="/sign-up">Sign Up</Link>
        </p>
      </form>
      {status.kind === "unverified" && <ResendLinkForm />}
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
        Signed in as {session.member.name} ({session.member.email}).{" "}
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
