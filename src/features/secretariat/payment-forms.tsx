import { useLocation } from "react-router";
import { Checkbox, FormStatusLine, SelectField, TextArea, TextField } from "#components/forms/fields.tsx";
import { PageForm, usePageForm } from "#components/forms/page-form.tsx";
import type { FieldErrors } from "#shared/forms/field-rules.ts";
import { AMOUNT_HINT, paymentDateProblem } from "#shared/forms/payment-fields.ts";
import {
  COMPLETES_FEE_LABEL,
  PAYMENT_FIELDS as P,
  REJECT_FIELDS as R,
} from "#shared/forms/secretariat-fields.ts";
import { applicationAction } from "#shared/secretariat-paths.ts";
import { PressForm, typedOr } from "./press-form.tsx";

/** The days a payment may be dated: today in India (the default and the latest), and the application's own. */
type PaymentDates = { today: string; earliest: string | null };

/** The application's first payment: what is due, the dates, the reference to look for. */
export type FirstPayment = PaymentDates & {
  amountDue: string;
  reference: string;
  /** A life application: its first payment may be the whole life fee (decision 0025). */
  life?: boolean;
};

/** A payment after the first, by reference: the ones due now, the first of them chosen. */
export type LaterPayments = PaymentDates & {
  choices: { reference: string; text: string }[];
  first: { reference: string; amountDue: string; amount: string };
  /** A life instalment is among them: it may complete the life fee. */
  instalment?: boolean;
  /** A late life instalment is among them: it counts only with the reason it is accepted. */
  late?: boolean;
  /**
   * The payment first offered is the last life instalment the rules allow ("instalment 3, the last
   * allowed"): said beside the tick, since while the fee is to be announced only the tick completes it.
   */
  lastInstalment?: string;
};

/** The date received, checked as the server checks it: not after today in India, nor before the application. */
const checkDate =
  ({ today, earliest }: PaymentDates) =>
  (form: HTMLFormElement): FieldErrors => {
    const date = String(new FormData(form).get("date") ?? "").trim();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return {};
    const problem = paymentDateProblem(date, { today, earliest });
    return problem ? { date: problem } : {};
  };

/** The day the payment reached the society: from the application's day to today, today to start with. */
function DateReceived({ dates, typed }: { dates: PaymentDates; typed: string }) {
  return (
    <TextField
      name="date"
      rule={P.date}
      defaultValue={typed}
      max={dates.today}
      min={dates.earliest ?? undefined}
    />
  );
}

/**
 * 'Payment received': activates the membership and e-mails the member, as the approval link does.
 * Refused, each error shows beside its field with what was typed.
 */
export function PaymentReceivedForm({ applicationKey, due }: { applicationKey: string; due: FirstPayment }) {
  const form = usePageForm("payment", { rules: P, check: checkDate(due) });
  return (
    <PageForm form={form} action={applicationAction(applicationKey, "payment")} className="ws-card ws-form">
      <h3>Payment received</h3>
      <p>Activates the membership and e-mails the member, as the approval link does.</p>
      <TextField
        name="amount"
        rule={P.amount}
        hint={AMOUNT_HINT}
        inputMode="numeric"
        defaultValue={typedOr(form, "amount", due.amountDue)}
      />
      <DateReceived dates={due} typed={typedOr(form, "date", due.today)} />
      <p>
        Payment reference to look for: <strong>{due.reference}</strong>
      </p>
      <TextField name="bankReference" rule={P.bankReference} />
      {due.life && <Checkbox name="completesFee" label={COMPLETES_FEE_LABEL} />}
      <button type="submit" disabled={form.sending}>
        Payment received
      </button>
      <FormStatusLine kind={form.status.kind} message={form.status.message} />
    </PageForm>
  );
}

/**
 * 'Reject': the applicant is e-mailed the reason. It takes a ticked confirmation: the browser asks
 * for it (with JavaScript or without), and the server refuses a reject without it, beside the box.
 */
export function RejectForm({ applicationKey }: { applicationKey: string }) {
  const form = usePageForm("reject", { rules: R });
  return (
    <PageForm form={form} action={applicationAction(applicationKey, "reject")} className="ws-card ws-form">
      <h3>Reject</h3>
      <p>The applicant is e-mailed the reason. A rejected application can be reopened.</p>
      <TextArea name="reason" rule={R.reason} rows={4} />
      <Checkbox name="confirm" value="yes" rule={R.confirm} required />
      <button type="submit" className="ws-danger" disabled={form.sending}>
        Reject
      </button>
      <FormStatusLine kind={form.status.kind} message={form.status.message} />
    </PageForm>
  );
}

/** 'Reopen': a rejected application waits for its payment again, and the applicant is told. */
export function ReopenForm({ applicationKey }: { applicationKey: string }) {
  return (
    <section className="ws-card ws-form" aria-labelledby="reopen-title">
      <h3 id="reopen-title">Reopen</h3>
      <p>
        The application waits for its payment again, and the applicant is e-mailed what to pay. The rejection
        stays in its record.
      </p>
      <PressForm name="reopen" action={applicationAction(applicationKey, "reopen")} label="Reopen" />
    </section>
  );
}

/**
 * 'Record a payment' for an active, renewal-due, instalment-overdue, in-arrears or lapsed
 * membership: the payment it is for (among those its status says are due), the amount and day
 * received, the bank's reference; for a life instalment whether it completes the fee, and for a
 * late one why it is accepted.
 */
export function RecordPaymentForm({ applicationKey, due }: { applicationKey: string; due: LaterPayments }) {
  const form = usePageForm("record-payment", { rules: P, check: checkDate(due) });
  // Recorded, the page comes back with the next payment due: the form starts again from it.
  const { key } = useLocation();
  return (
    <PageForm
      key={key}
      form={form}
      action={applicationAction(applicationKey, "record-payment")}
      className="ws-card ws-form"
    >
      <h3>Record a payment</h3>
      <p>
        A renewal, a rejoining or a life membership instalment: recorded once, and the member is e-mailed.
      </p>
      <SelectField name="reference" label={P.reference.label} required defaultValue={due.first.reference}>
        {due.choices.map((choice) => (
          <option key={choice.reference} value={choice.reference}>
            {choice.text}
          </option>
        ))}
      </SelectField>
      <p>
        Reference to look for: <strong>{due.first.reference}</strong>; amount due: {due.first.amountDue}
      </p>
      <TextField
        name="amount"
        rule={P.amount}
        hint={AMOUNT_HINT}
        inputMode="numeric"
        defaultValue={typedOr(form, "amount", due.first.amount)}
      />
      <DateReceived dates={due} typed={typedOr(form, "date", due.today)} />
      <TextField name="bankReference" rule={P.bankReference} />
      {due.instalment && (
        <Checkbox
          name="completesFee"
          label={COMPLETES_FEE_LABEL}
          {...(due.lastInstalment
            ? {
                hint: `${due.lastInstalment}: tick this if it pays the rest of the fee. While the fee is to be announced, only this tick completes it.`,
              }
            : {})}
        />
      )}
      {due.late && (
        <TextArea
          name="lateReason"
          rule={P.lateReason}
          hint="This instalment is late (after the year of instalments, or beyond their number): it counts only with the reason it is accepted."
          rows={3}
        />
      )}
      <button type="submit" disabled={form.sending}>
        Record the payment
      </button>
      <FormStatusLine kind={form.status.kind} message={form.status.message} />
    </PageForm>
  );
}
