import { useState } from "react";
import { Navigate } from "react-router";
import { postForm } from "#client/api-client.ts";
import { pendingMark } from "#components/layout/pending.tsx";
import { forgetSession, useSession } from "#components/session/session-store.ts";
import {
  ACCOUNT_STATUS_LABELS,
  ACCOUNT_STATUSES,
  type AccountStatus,
  APPLICATION_ID,
} from "#shared/account.ts";
import { signedOutSchema } from "#shared/api/account.ts";
import { MEMBERSHIP_PAGE } from "#shared/api/membership.ts";
import { membershipLabel } from "#shared/enrolment-options.ts";
import { formatNewsDate } from "#shared/format-date.ts";
import styles from "./account.module.css";
import { ApplicationIdSlot } from "./enrolment-receipt.tsx";

/**
 * What the prerendered page says, true with JavaScript (until hydration) and without. Without
 * JavaScript the page cannot ask who is signed in, so a plain link asks the server, which answers
 * with a redirect to this page with the status and application id in the URL (signing in without
 * JavaScript comes back the same way). Signing out is a plain POST answered with a redirect. With
 * JavaScript it stands in until the session is known (pending).
 */
function WithoutJavaScript({
  status,
  applicationId,
}: {
  status: AccountStatus | null;
  applicationId: string | null;
}) {
  return (
    <section className={`card ${styles.narrow}`} {...pendingMark}>
      {status ? (
        <dl className={styles.details}>
          <div className={styles.row}>
            <dt>Application id</dt>
            <dd>
              <ApplicationIdSlot applicationId={applicationId} />
            </dd>
          </div>
          <div className={styles.row}>
            <dt>Status</dt>
            <dd>{ACCOUNT_STATUS_LABELS[status]}</dd>
          </div>
        </dl>
      ) : (
        <p>
          <a href="/api/account">Show my membership status</a>
        </p>
      )}
      {status === "pending-payment" && <PendingNote />}
      {status === "rejected" && <RejectedNote />}
      <form method="post" action="/api/logout">
        <button type="submit" className="button">
          Sign out
        </button>
      </form>
    </section>
  );
}

function PendingNote() {
  return (
    <p>
      The secretariat activates your account when your payment reaches the society. The payment details are on
      the <a href="/sign-up">enrolment page</a> and in the e-mail we sent you.
    </p>
  );
}

/** The reason and what to do are in the membership part, written by the server. */
function RejectedNote() {
  return (
    <p>
      The secretariat could not accept your application.{" "}
      <a href={MEMBERSHIP_PAGE}>See the reason and what you can do</a>.
    </p>
  );
}

/**
 * The signed-in account's application and status. The page is prerendered without an account, so
 * it asks /api/session once hydrated; a visitor who is not signed in is sent to /login.
 */
export function AccountView({
  returned = null,
  returnedId = null,
}: {
  returned?: string | null;
  returnedId?: string | null;
}) {
  const session = useSession();
  const status = ACCOUNT_STATUSES.find((known) => known === returned) ?? null;
  const applicationId = returnedId && APPLICATION_ID.test(returnedId) ? returnedId : null;
  const [signOutFailed, setSignOutFailed] = useState(false);

  if (session.kind === "signed-out") return <Navigate to="/login" replace />;
  if (session.kind === "failed")
    return <p className="error-text">Your account could not be loaded. Please reload the page.</p>;
  // Rendered by the server and kept, true as it is, until the session is known: swapping it for a
  // shorter "loading" line moved the footer up and back (a layout shift of about 0.13 to 0.27).
  if (session.kind === "unknown") return <WithoutJavaScript status={status} applicationId={applicationId} />;

  const { account } = session;
  async function signOut() {
    const result = await postForm("/api/logout", {}, signedOutSchema);
    if (!result.ok) return setSignOutFailed(true);
    forgetSession();
  }

  const rows: [string, string][] = [
    ["Name", account.name],
    ["Membership type", membershipLabel(account.membership)],
    ["Application id", account.applicationId],
    ["Submitted", formatNewsDate(account.submittedAt, account.submittedAt).date],
    ["Status", ACCOUNT_STATUS_LABELS[account.status]],
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
      {account.status === "pending-payment" && <PendingNote />}
      {account.status === "rejected" && <RejectedNote />}
      <button type="button" className="button" onClick={signOut}>
        Sign out
      </button>
      {signOutFailed && <p className="error-text">Could not sign out. Please try again.</p>}
    </section>
  );
}
