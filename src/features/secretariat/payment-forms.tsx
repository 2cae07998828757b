import { useLocation } from "react-router";
import { Checkbox, FormStatusLine, SelectField, TextArea, TextField } from "#components/forms/fields.tsx";
import { PageForm, usePageForm } from "#components/forms/page-form.tsx";
import { PAYMENT_FIELDS as P, REJECT_FIELDS as R } from "#shared/forms/secretariat-fields.ts";
import { applicationAction } from "#shared/secretariat-paths.ts";
import { typedOr } from "./press-form.tsx";

/** The application's first payment: what is due, today's date, the reference to look for. */
export type FirstPayment = { amountDue: string; today: string; reference: string };

/** A payment after the first, by reference: the ones due now, the first of them chosen. */
export type LaterPayments = {
  choices: { reference: string; text: string }[];
  first: { reference: string; amountDue: string; amount: string };
  today: string;
};

/**
 * 'Payment received': activates the membership and e-mails the member, as the approval link does.
 * Refused, each error shows beside its field with what was typed.
 */
export function PaymentReceivedForm({ applicationKey, due }: { applicationKey: string; due: FirstPayment }) {
  const form = usePageForm("payment", { rules: P });
  return (
    <PageForm form={form} action={applicationAction(applicationKey, "payment")} className="ws-card ws-form">
      <h3>Payment received</h3>
      <p>Activates the membership and e-mails the member, as the approval link does.</p>
      <TextField
        name="amount"
        rule={P.amount}
        inputMode="numeric"
        defaultValue={typedOr(form, "amount", due.amountDue)}
      />
      <TextField name="date" rule={P.date} defaultValue={typedOr(form, "date", due.today)} />
      <p>
        Payment reference to look for: <strong>{due.reference}</strong>
      </p>
      <TextField name="bankReference" rule={P.bankReference} />
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

/**
 * 'Record a payment' for an active, renewal-due, in-arrears or lapsed membership: the payment it is
 * for (among those its status says are due), the amount and day received, the bank's reference.
 */
export function RecordPaymentForm({ applicationKey, due }: { applicationKey: string; due: LaterPayments }) {
  const form = usePageForm("record-payment", { rules: P });
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
        inputMode="numeric"
        defaultValue={typedOr(form, "amount", due.first.amount)}
      />
      <TextField name="date" rule={P.date} defaultValue={typedOr(form, "date", due.today)} />
      <TextField name="bankReference" rule={P.bankReference} />
      <button type="submit" disabled={form.sending}>
        Record the payment
      </button>
      <FormStatusLine kind={form.status.kind} message={form.status.message} />
    </PageForm>
  );
}
