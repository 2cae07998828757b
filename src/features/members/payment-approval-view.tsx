import { useEffect, useState } from "react";
import { membershipLabel } from "#shared/enrolment-options.ts";
import { formatNewsDate } from "#shared/format-date.ts";
import { MEMBER_STATUS_LABELS, type MemberStatus } from "#shared/members.ts";
import { postJson, text } from "./form-data.ts";
import styles from "./members.module.css";

type Application = {
  name: string;
  email: string;
  membership: string;
  applicationId: string;
  submittedAt: string;
  status: MemberStatus;
};

type State =
  | { kind: "loading" }
  | { kind: "error"; message: string }
  | { kind: "expired"; message: string }
  | { kind: "ready"; application: Application; saving: boolean; done: string | null };

/**
 * The secretariat's page behind the signed link in an application e-mail. Opening it only shows
 * the application; the account becomes active when the button is pressed (a POST), so a mail
 * scanner that follows the link changes nothing.
 */
export function PaymentApproval({ token }: { token: string | null }) {
  const [state, setState] = useState<State>({ kind: "loading" });

  useEffect(() => {
    if (!token)
      return setState({ kind: "error", message: "This page needs the link from the application e-mail." });
    const controller = new AbortController();
    fetch(`/api/payment-approval?token=${encodeURIComponent(token)}`, {
      signal: controller.signal,
      headers: { Accept: "application/json" },
    })
      .then(async (response) => {
        const body = (await response.json().catch(() => ({}))) as {
          application?: Application;
          error?: string;
        };
        const message = body.error ?? "The application could not be loaded.";
        if (response.ok && body.application)
          setState({ kind: "ready", application: body.application, saving: false, done: null });
        else setState({ kind: response.status === 410 ? "expired" : "error", message });
      })
      .catch(() => {
        if (!controller.signal.aborted)
          setState({
            kind: "error",
            message: "The application could not be loaded. Please reload the page.",
          });
      });
    return () => controller.abort();
  }, [token]);

  if (state.kind === "loading") return <p role="status">Loading the application...</p>;
  if (state.kind === "error") return <p className="error-text">{state.message}</p>;
  // An expired state only follows a fetch, which needs a token.
  if (state.kind === "expired") return <ExpiredLink token={token ?? ""} message={state.message} />;

  const { application } = state;
  async function confirm() {
    if (state.kind !== "ready") return;
    setState({ ...state, saving: true });
    try {
      const { ok, body } = await postJson("/api/payment-approval", { token });
      if (!ok)
        return setState({ kind: "error", message: text(body.error) ?? "The payment could not be recorded." });
      setState({
        kind: "ready",
        application: { ...application, status: "active" },
        saving: false,
        done: body.alreadyActive
          ? "This account was already active."
          : `Payment recorded: the account is active and ${application.name} has been told by e-mail.`,
      });
    } catch {
      setState({ ...state, saving: false, done: "The payment could not be recorded. Please try again." });
    }
  }

  const rows: [string, string][] = [
    ["Application id", application.applicationId],
    ["Name", application.name],
    ["E-mail", application.email],
    ["Membership type", membershipLabel(application.membership)],
    ["Submitted", formatNewsDate(application.submittedAt, application.submittedAt).date],
    ["Status", MEMBER_STATUS_LABELS[application.status]],
  ];
  return (
    <section className={`card ${styles.narrow}`} aria-labelledby="approval-title">
      <h2 id="approval-title">Application {application.applicationId}</h2>
      <dl className={styles.details}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.row}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {application.status === "pending-payment" && (
        <button type="button" className="button" onClick={confirm} disabled={state.saving}>
          {state.saving ? "Saving..." : "Mark payment received"}
        </button>
      )}
      <p role="status" className={state.done ? styles.sent : styles.note}>
        {state.done ?? ""}
      </p>
    </section>
  );
}

/** An expired link: one button asks for a fresh one, which is mailed to the secretariat only. */
function ExpiredLink({ token, message }: { token: string; message: string }) {
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState("");

  async function renew() {
    setSending(true);
    try {
      const { body } = await postJson("/api/payment-approval", { token, action: "renew" });
      setOutcome(text(body.message) ?? text(body.error) ?? "The link could not be sent. Please try again.");
    } catch {
      setOutcome("The link could not be sent. Please try again.");
    } finally {
      setSending(false);
    }
  }

  return (
    <section className={`card ${styles.narrow}`}>
      <p className="error-text">{message}</p>
      <button type="button" className="button" onClick={renew} disabled={sending}>
        {sending ? "Sending..." : "E-mail a fresh link to the secretariat"}
      </button>
      <p role="status" className={outcome ? styles.sent : styles.note}>
        {outcome}
      </p>
    </section>
  );
}
