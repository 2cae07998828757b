import { formatAmount } from "#shared/membership/amount.ts";
import { dayInIndia } from "#shared/membership/calendar.ts";
import { laterPaymentsDue } from "#shared/membership/later-payments.ts";
import type { NextPayment } from "#shared/membership/status.ts";
import type { Account } from "../account/accounts.server.ts";
import { membershipOf } from "../membership/membership.server.ts";
import { applicationDetail } from "./application-detail.server.ts";
import { amountText } from "./applications.server.ts";
import { rupees, when } from "./display.server.ts";

const KINDS: Record<NextPayment["kind"], string> = {
  application: "the application's payment",
  renewal: "renewal",
  instalment: "life membership instalment",
  rejoin: "rejoining: registration fee and subscription",
};

const choice = (payment: NextPayment) =>
  `${payment.reference}: ${KINDS[payment.kind]} ${payment.period} (amount due: ${formatAmount(payment.amount)})`;

/** An amount as the amount field starts: the figure due, or empty when it is not announced. */
const startingAmount = (amount: NextPayment["amount"] | null) =>
  typeof amount === "number" ? String(amount) : "";

/**
 * One application's page, as text (src/features/secretariat/application-page.tsx): its record, its
 * payments, what may be done now, the application as sent, its e-mails (never their bodies) and
 * its history. 'Payment received' and 'Reject' while it waits for its first payment; 'Record a
 * payment' when its membership has a later payment due.
 */
export async function applicationView(account: Account, now = new Date()) {
  const detail = await applicationDetail(account);
  const { row } = detail;
  const open = row.status === "pending-payment" && !detail.payment;
  const later = open ? [] : laterPaymentsDue(membershipOf(account, now));
  const [first] = later;
  const actions = open
    ? {
        first: {
          amountDue: startingAmount(row.amountDue),
          today: now.toISOString().slice(0, 10),
          reference: row.reference,
        },
      }
    : first
      ? {
          later: {
            choices: later.map((payment) => ({ reference: payment.reference, text: choice(payment) })),
            first: {
              reference: first.reference,
              amountDue: formatAmount(first.amount),
              amount: startingAmount(first.amount),
            },
            today: dayInIndia(now),
          },
        }
      : null;
  const record: [string, string][] = [
    ["Status", row.statusLabel],
    ["Name", row.name],
    ["E-mail", row.email],
    ["Type", row.type],
    ["Received", when(row.submittedAt)],
    ["Amount due", amountText(row)],
    ["Payment reference", row.reference],
    ...(row.memberNumber ? [["Member number", row.memberNumber] as [string, string]] : []),
    ...(account.activatedAt ? [["Activated", when(account.activatedAt)] as [string, string]] : []),
  ];
  return {
    applicationKey: account.key,
    applicationId: row.applicationId,
    record,
    payment: detail.payment
      ? ([
          ["Amount", rupees(detail.payment.amount)],
          ["Date received", detail.payment.date],
          ["Bank reference", detail.payment.bankReference],
          ["Recorded by", `${detail.payment.recordedBy}, ${when(detail.payment.recordedAt)}`],
        ] as [string, string][])
      : null,
    rejected: detail.rejected
      ? ([
          ["Reason", detail.rejected.reason],
          ["By", `${detail.rejected.by}, ${when(detail.rejected.at)}`],
        ] as [string, string][])
      : null,
    confirmedPayments: (account.payments ?? []).map((payment) => ({
      reference: payment.reference,
      amount: rupees(payment.amount),
      countedFrom: payment.paidOn,
    })),
    actions,
    fields: detail.fields,
    mails: detail.mails.map((mail) => ({
      name: mail.name,
      text: `${mail.subject} to ${mail.to.join(", ")}`,
      status: mail.status,
      failed: mail.status !== "sent",
      lastError: mail.lastError ?? null,
    })),
    history: detail.history.map((line) => `${when(line.at)}, ${line.who}: ${line.summary}`),
  };
}
