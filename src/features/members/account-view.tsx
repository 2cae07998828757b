import { useState } from "react";
import { Navigate } from "react-router-dom";
import { forgetSession, useSession } from "#components/session/session-store.ts";
import { membershipLabel } from "#shared/enrolment-options.ts";
import { formatNewsDate } from "#shared/format-date.ts";
import { MEMBER_STATUS_LABELS } from "#shared/members.ts";
import { postJson } from "./form-data.ts";
import styles from "./members.module.css";

/**
 * What the prerendered page says, true with JavaScript (until hydration) and without: the
 * membership shows with JavaScript; signing out works either way (a plain POST that the logout
 * function answers with a redirect to /login).
 */
function WithoutJavaScript() {
  return (
    <section className={`card ${styles.narrow}`}>
      <p>
        Your membership is shown here with JavaScript. If it does not appear, turn JavaScript on and reload,
        or write to the secretariat from the <a href="/contact-us">Contact Us</a> page to ask about your
        application.
      </p>
      <form method="post" action="/api/logout">
        <button type="submit" className="button">
          Sign out
        </button>
      </form>
    </section>
  );
}

/**
 * The signed-in member's application and status. The page is prerendered without a member, so
 * it asks /api/session once hydrated; a visitor who is not signed in is sent to /login.
 */
export function AccountView() {
  const session = useSession();
  const [signOutFailed, setSignOutFailed] = useState(false);

  if (session.kind === "signed-out") return <Navigate to="/login" replace />;
  if (session.kind === "failed")
    return <p className="error-text">Your account could not be loaded. Please reload the page.</p>;
  // Rendered by the server and kept, true as it is, until the session is known: swapping it for a
  // shorter "loading" line moved the footer (a layout shift) while nothing had changed yet.
  if (session.kind === "unknown") return <WithoutJavaScript />;

  const { member } = session;
  async function signOut() {
    try {
      const { ok } = await postJson("/api/logout", {});
      if (!ok) return setSignOutFailed(true);
      forgetSession();
    } catch {
      setSignOutFailed(true);
    }
  }

  const rows: [string, string][] = [
    ["Name", member.name],
    ["Membership type", membershipLabel(member.membership)],
    ["Application id", member.applicationId],
    ["Submitted", formatNewsDate(member.submittedAt, member.submittedAt).date],
    ["Status", MEMBER_STATUS_LABELS[member.status]],
  ];
  return (
    <section className={`card ${styles.narrow}`} aria-labelledby="account-title">
      <h2 id="account-title">Your membership</h2>
      <dl className={styles.details}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.row}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {member.status === "pending-payment" && (
        <p>
          The secretariat activates your account when your payment reaches the society. The payment details
          are on the <a href="/sign-up">enrolment page</a> and in the e-mail we sent you.
        </p>
      )}
      <button type="button" className="button" onClick={signOut}>
        Sign out
      </button>
      {signOutFailed && <p className="error-text">Could not sign out. Please try again.</p>}
    </section>
  );
}
