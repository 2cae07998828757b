import { PAYMENT_FORM } from "#shared/forms/payment-fields.ts";
import { formatAmount } from "#shared/membership/amount.ts";
import { dayInIndia } from "#shared/membership/calendar.ts";
import { laterPaymentsDue } from "#shared/membership/later-payments.ts";
import type { MembershipState, NextPayment } from "#shared/membership/status.ts";
import type { Account } from "../account/accounts.server.ts";
import { type Markup, markup } from "./markup.server.ts";
import { field, rupees, table } from "./view-parts.server.ts";

const { amount } = PAYMENT_FORM;

const KINDS: Record<NextPayment["kind"], string> = {
  application: "the application's payment",
  renewal: "renewal",
  instalment: "life membership instalment",
  rejoin: "rejoining: registration fee and subscription",
};

const choice = (payment: NextPayment) =>
  `${payment.reference}: ${KINDS[payment.kind]} ${payment.period} (amount due: ${formatAmount(payment.amount)})`;

/**
 * 'Record a payment' for an active, renewal-due, in-arrears or lapsed membership: the payment it
 * is for (the ones its status says are due, by reference), the amount and date received and the
 * bank's reference. Nothing when no such payment is due.
 */
export function membershipPaymentForm(
  account: Account,
  state: MembershipState,
  now = new Date(),
): Markup | "" {
  const due = laterPaymentsDue(state);
  const [first] = due;
  if (!first) return "";
  const options = due.map(
    (payment, index) =>
      markup`<option value="${payment.reference}"${index === 0 ? markup` selected` : ""}>${choice(payment)}</option>`,
  );
  return markup`<form method="post" action="/api/secretariat/applications/${account.key}/record-payment" class="ws-card ws-form">
<h3>Record a payment</h3>
<p>A renewal, a rejoining or a life membership instalment: recorded once, and the member is e-mailed.</p>
<div class="field"><label for="reference">Payment</label><select id="reference" name="reference" required>${options}</select></div>
<p>Reference to look for: <strong>${first.reference}</strong>; amount due: ${formatAmount(first.amount)}</p>
${field("amount", amount.label, "input", { inputmode: "numeric", required: true, maxlength: amount.max, pattern: amount.pattern, autocomplete: amount.autoComplete }, typeof first.amount === "number" ? String(first.amount) : "")}
${field("date", "Date received", "input", { type: "date", required: true }, dayInIndia(now))}
${field("bankReference", "Bank reference", "input", { required: true, maxlength: 80, autocomplete: "off" })}
<button type="submit">Record the payment</button>
</form>`;
}

/** The payments confirmed on the account, oldest first: reference, amount, the day counted from. */
export function confirmedPayments(account: Account): Markup | "" {
  const payments = account.payments ?? [];
  if (payments.length === 0) return "";
  return markup`<h2>Payments confirmed</h2>${table(
    "Payments confirmed",
    ["Reference", "Amount", "Counted from"],
    payments.map(
      (payment) =>
        markup`<tr><td>${payment.reference}</td><td>${rupees(payment.amount)}</td><td>${payment.paidOn}</td></tr>`,
    ),
  )}`;
}
