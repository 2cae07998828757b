import { type FormEvent, useEffect, useState } from "react";
import { ApiError, formFields, getJson, postForm } from "#client/api-client.ts";
import { TextField } from "#components/forms/fields.tsx";
import { Loading } from "#components/layout/pending.tsx";
import { useHydrated } from "#components/layout/use-hydrated.ts";
import {
  ACCOUNT_STATUS_LABELS,
  APPLICATION_ID,
  APPROVAL_OUTCOMES,
  type ApprovalStatus,
  isApprovalStatus,
} from "#shared/account.ts";
import {
  type AccountAnswer,
  type AmountDue,
  approvalApplicationSchema,
  paymentRecordedSchema,
} from "#shared/api/account.ts";
import { formAcceptedSchema } from "#shared/api/form-answers.ts";
import { membershipLabel } from "#shared/enrolment-options.ts";
import { formatNewsDate } from "#shared/format-date.ts";
import type { FieldErrors } from "#shared/forms/field-rules.ts";
import { PAYMENT_FORM } from "#shared/forms/payment-fields.ts";
import { formatAmount } from "#shared/membership/amount.ts";
import styles from "./account.module.css";
import { ApplicationIdSlot } from "./enrolment-receipt.tsx";

type State =
  | { kind: "loading" }
  | { kind: "error"; message: string }
  | { kind: "expired"; message: string }
  | {
      kind: "ready";
      application: AccountAnswer;
      due: AmountDue;
      saving: boolean;
      done: string | null;
      errors: FieldErrors;
    };

const NOT_RECORDED = "The payment could not be recorded. Please try again.";
const NOT_SENT = "The link could not be sent. Please try again.";

/**
 * The secretariat's page behind the signed link in an application e-mail. Opening it only shows
 * the application; the account becomes active when the button is pressed (a POST), so a mail
 * scanner that follows the link changes nothing.
 */
export function PaymentApproval({
  token,
  returned = null,
  returnedId = null,
}: {
  token: string | null;
  returned?: string | null;
  returnedId?: string | null;
}) {
  const hydrated = useHydrated();
  const outcome = isApprovalStatus(returned) ? returned : null;
  const [state, setState] = useState<State>({ kind: "loading" });

  useEffect(() => {
    if (outcome) return;
    if (!token)
      return setState({ kind: "error", message: "This page needs the link from the application e-mail." });
    const controller = new AbortController();
    getJson(`/api/payment-approval?token=${encodeURIComponent(token)}`, approvalApplicationSchema, {
      signal: controller.signal,
    }).then(
      ({ application, due }) =>
        setState({ kind: "ready", application, due: due ?? null, saving: false, done: null, errors: {} }),
      (error: Error) => {
        if (controller.signal.aborted) return;
        const status = error instanceof ApiError ? error.status : 0;
        if (status === 0)
          setState({
            kind: "error",
            message: "The application could not be loaded. Please reload the page.",
          });
        else setState({ kind: status === 410 ? "expired" : "error", message: error.message });
      },
    );
    return () => controller.abort();
  }, [token, outcome]);

  // What a plain form came back to, the same with JavaScript and without.
  if (outcome) return <ApprovalOutcome outcome={outcome} applicationId={returnedId} />;
  // The prerendered page, kept until hydration: a plain form that posts to this URL, token and all.
  if (!hydrated) return <PlainApproval />;
  if (state.kind === "loading") return <Loading>Loading the application...</Loading>;
  if (state.kind === "error") return <p className="error-text">{state.message}</p>;
  // An expired state only follows a fetch, which needs a token.
  if (state.kind === "expired") return <ExpiredLink token={token ?? ""} message={state.message} />;

  const { application, due } = state;
  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.kind !== "ready") return;
    const form = event.currentTarget;
    const { amount } = formFields(form);
    setState({ ...state, saving: true, errors: {} });
    const result = await postForm("/api/payment-approval", { token, amount }, paymentRecordedSchema);
    if (!result.ok) {
      // A refused amount: the error beside the field, the amount left as typed.
      if (result.status === 400 && result.fields.amount) {
        setState({ ...state, saving: false, done: null, errors: { amount: result.fields.amount } });
        return (form.elements.namedItem("amount") as HTMLInputElement | null)?.focus();
      }
      if (result.status === 410) return setState({ kind: "expired", message: result.error });
      if (result.status === 400 || result.status === 404 || result.status === 409)
        return setState({ kind: "error", message: result.error });
      // Anything else may pass (a busy server, a lost connection): the form stays, to try again.
      const done = result.status === 0 ? NOT_RECORDED : `${result.error} Please try again.`;
      return setState({ ...state, saving: false, done });
    }
    setState({
      ...state,
      application: { ...application, status: "active" },
      saving: false,
      done: result.data.alreadyActive
        ? "This account was already active."
        : `Payment recorded: the account is active and ${application.name} has been told by e-mail.`,
    });
  }

  const rows: [string, string][] = [
    ["Application id", application.applicationId],
    ["Name", application.name],
    ["E-mail", application.email],
    ["Membership type", membershipLabel(application.membership)],
    ["Submitted", formatNewsDate(application.submittedAt, application.submittedAt).date],
    ["Status", ACCOUNT_STATUS_LABELS[application.status]],
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
      {application.status === "rejected" && <p className="error-text">{APPROVAL_OUTCOMES.rejected}</p>}
      {application.status === "pending-payment" && (
        <form method="post" noValidate onSubmit={confirm}>
          <AmountField
            errors={state.errors}
            due={due}
            defaultValue={typeof due?.amount === "number" ? String(due.amount) : ""}
          />
          <button type="submit" className="button" disabled={state.saving}>
            {state.saving ? "Saving..." : "Mark payment received"}
          </button>
        </form>
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
    const result = await postForm("/api/payment-approval", { token, action: "renew" }, formAcceptedSchema);
    setOutcome(result.ok ? result.data.message : result.status === 0 ? NOT_SENT : result.error);
    setSending(false);
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

/** 'Amount received', by the rule the server applies (the workspace's 'Payment received' too). */
function AmountField({
  errors,
  due,
  defaultValue,
}: {
  errors: FieldErrors;
  due: AmountDue;
  defaultValue?: string;
}) {
  const hint = due
    ? `Due: ${formatAmount(due.amount)}, payment reference ${due.reference}. Enter what the bank statement shows.`
    : "In whole rupees, as the bank statement shows it.";
  return (
    <TextField
      name="amount"
      rule={PAYMENT_FORM.amount}
      errors={errors}
      hint={hint}
      inputMode="numeric"
      defaultValue={defaultValue}
    />
  );
}

/**
 * Without JavaScript the application cannot be loaded into this static page; the e-mail the link
 * came from holds it. The form posts to this same URL, and the answer is a page with the outcome,
 * or this page again with the amount as typed and the error beside it.
 */
function PlainApproval() {
  return (
    <section className={`card ${styles.narrow}`}>
      <p>
        The application is in the e-mail this link came from. When its fee has reached the society's account,
        enter the amount received and press the button to activate the account; the member is told by e-mail.
      </p>
      {/* No action: the form posts to this URL, the link's token with it. */}
      <form method="post">
        <AmountField errors={{}} due={null} />
        <button type="submit" className="button">
          Mark payment received
        </button>
      </form>
    </section>
  );
}

const FAILED = new Set<ApprovalStatus>(["expired", "invalid", "gone", "rejected"]);

/** The outcome of a press without JavaScript; an expired link offers a fresh one the same way. */
function ApprovalOutcome({
  outcome,
  applicationId,
}: {
  outcome: ApprovalStatus;
  applicationId: string | null;
}) {
  const valid = applicationId !== null && APPLICATION_ID.test(applicationId) ? applicationId : null;
  return (
    <section className={`card ${styles.narrow}`}>
      {outcome !== "invalid" && (
        <h2>
          Application <ApplicationIdSlot applicationId={valid} />
        </h2>
      )}
      <p role="status" className={FAILED.has(outcome) ? "error-text" : styles.sent}>
        {APPROVAL_OUTCOMES[outcome]}
      </p>
      {outcome === "expired" && (
        // No action: posts to this URL, which carries the expired link's token.
        <form method="post">
          <input type="hidden" name="action" value="renew" />
          <button type="submit" className="button">
            E-mail a fresh link to the secretariat
          </button>
        </form>
      )}
    </section>
  );
}
