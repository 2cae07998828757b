import { useLocation } from "react-router";
import { Checkbox, FormStatusLine, TextField } from "#components/forms/fields.tsx";
import { PageForm, usePageForm } from "#components/forms/page-form.tsx";
import { ACCOUNT_STATUS_LABELS, APPROVAL_OUTCOMES, type ApprovalStatus } from "#shared/account.ts";
import type { AccountAnswer, AmountDue } from "#shared/api/account.ts";
import { formatNewsDate } from "#shared/format-date.ts";
import { AMOUNT_HINT, PAYMENT_FORM } from "#shared/forms/payment-fields.ts";
import { COMPLETES_FEE_LABEL } from "#shared/forms/secretariat-fields.ts";
import { formatAmount } from "#shared/membership/amount.ts";
import { membershipLabel } from "#shared/membership/types.ts";
import styles from "./account.module.css";

type Props =
  | { kind: "outcome"; outcome: ApprovalStatus; applicationId: string | null; token: string | null }
  | {
      kind: "application";
      application: AccountAnswer;
      due: AmountDue;
      /** A life membership's instalment: it may be marked as completing the life fee (decision 0025). */
      lifeInstalment?: boolean;
      /** The days the payment may be dated: today in India (the default and the latest) and the application's. */
      dates: { today: string; earliest: string | null };
    };

const FAILED = new Set<ApprovalStatus>(["expired", "invalid", "gone", "rejected"]);

/**
 * The page behind the approval link: the application and what is due, with 'Mark payment
 * received'; after a press (or for a link that no longer works), what came of it, and for an
 * expired link the way to a fresh one. Both buttons post to the page's action, the link's token
 * in its address.
 */
export function PaymentApproval(props: Props) {
  const form = usePageForm("payment-approval", { rules: PAYMENT_FORM });
  const { pathname, search } = useLocation();
  if (props.kind === "outcome") {
    const { outcome, applicationId, token } = props;
    return (
      <section className={`card ${styles.narrow}`}>
        {outcome !== "invalid" && applicationId && <h2>Application {applicationId}</h2>}
        <p role="status" className={FAILED.has(outcome) ? "error-text" : styles.sent}>
          {APPROVAL_OUTCOMES[outcome]}
        </p>
        {outcome === "expired" && token && (
          <PageForm form={form} action={`${pathname}?token=${encodeURIComponent(token)}`}>
            <button type="submit" name="action" value="renew" className="button" disabled={form.sending}>
              {form.sending ? "Sending..." : "E-mail a fresh link to the secretariat"}
            </button>
            <FormStatusLine kind={form.status.kind} message={form.status.message} />
          </PageForm>
        )}
      </section>
    );
  }

  const { application, due, lifeInstalment = false, dates } = props;
  const rows: [string, string][] = [
    ["Application id", application.applicationId],
    ["Name", application.name],
    ["E-mail", application.email],
    ["Membership type", membershipLabel(application.membership)],
    ["Submitted", formatNewsDate(application.submittedAt, application.submittedAt).date],
    ["Status", ACCOUNT_STATUS_LABELS[application.status]],
  ];
  const hint = due
    ? `Due: ${formatAmount(due.amount)}, payment reference ${due.reference}. ${AMOUNT_HINT}, as the bank statement shows it.`
    : `${AMOUNT_HINT}, as the bank statement shows it.`;
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
        <PageForm form={form} action={`${pathname}${search}`}>
          <TextField
            name="amount"
            rule={PAYMENT_FORM.amount}
            hint={hint}
            inputMode="numeric"
            defaultValue={typeof due?.amount === "number" ? String(due.amount) : ""}
          />
          <TextField
            name="date"
            rule={PAYMENT_FORM.date}
            hint="The day the money reached the society's account, as the bank statement shows it: the membership counts from it."
            defaultValue={dates.today}
            max={dates.today}
            min={dates.earliest ?? undefined}
          />
          {lifeInstalment && <Checkbox name="completesFee" label={COMPLETES_FEE_LABEL} />}
          <button type="submit" className="button" disabled={form.sending}>
            {form.sending ? "Saving..." : "Mark payment received"}
          </button>
          <FormStatusLine kind={form.status.kind} message={form.status.message} />
        </PageForm>
      )}
    </section>
  );
}
