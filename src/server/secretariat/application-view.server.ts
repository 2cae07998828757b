import { todayInIndia } from "#shared/format-date.ts";
import { formatAmount } from "#shared/membership/amount.ts";
import { dayInIndia } from "#shared/membership/calendar.ts";
import { laterPaymentsDue } from "#shared/membership/later-payments.ts";
import type { NextPayment } from "#shared/membership/status.ts";
import { FLASHES } from "#shared/secretariat-flash.ts";
import { claimTargetOf } from "../account/account-claim.server.ts";
import type { Account } from "../account/accounts.server.ts";
import { membershipOf } from "../membership/membership.server.ts";
import { membershipContent } from "../membership/membership-content.server.ts";
import { applicationDetail } from "./application-detail.server.ts";
import { amountText } from "./applications.server.ts";
import { day, rupees, when } from "./display.server.ts";

/**
 * The bank-reference cell of a payment without one: confirmed through the secretariat's approval
 * link, which asks for none, or recorded before the workspace kept them.
 */
export const NO_BANK_REFERENCE = "None recorded";

const KINDS: Record<NextPayment["kind"], string> = {
  application: "the application's payment",
  renewal: "renewal",
  instalment: "life membership instalment",
  rejoin: "rejoining: registration fee and subscription",
};

const choice = (payment: NextPayment) =>
  `${payment.reference}: ${KINDS[payment.kind]} ${payment.period} (amount due: ${formatAmount(payment.amount)})${payment.late ? ", late" : ""}`;

/** An amount as the amount field starts: the figure due, or empty when it is not announced. */
const startingAmount = (amount: NextPayment["amount"] | null) =>
  typeof amount === "number" ? String(amount) : "";

/** The day an application was made, in India: a payment cannot be dated before it (null: unreadable). */
function madeOn(account: Account): string | null {
  const at = new Date(account.submittedAt);
  return Number.isNaN(at.getTime()) ? null : dayInIndia(at);
}

/** Whether a payment due is the last life instalment the rules allow, said in words. */
function lastInstalment(payment: { kind: string; period: string; late?: boolean }) {
  const allowed = membershipContent().fees.lifeInstalments;
  return payment.kind === "instalment" && !payment.late && payment.period === `L${allowed}`
    ? { lastInstalment: `Instalment ${allowed} is the last the society's rules allow` }
    : {};
}

/**
 * One application's page, as text (src/features/secretariat/application-page.tsx): its record, its
 * payments, what may be done now, the application as sent, its e-mails (never their bodies) and
 * its history. 'Payment received' and 'Reject' while it waits for its first payment; 'Reopen' once
 * rejected; 'Record a payment' when its membership has a later payment due. A payment's date
 * starts at today in India, and may be from the day the application was made to today.
 */
export async function applicationView(account: Account, now = new Date()) {
  const detail = await applicationDetail(account);
  const { row } = detail;
  const open = row.status === "pending-payment" && !detail.payment;
  const later = open ? [] : laterPaymentsDue(membershipOf(account, now));
  const [first] = later;
  const dates = { today: todayInIndia(now), earliest: madeOn(account) };
  const life = membershipContent().types.find((type) => type.value === account.membership)?.rule === "life";
  const actions = open
    ? {
        first: {
          amountDue: startingAmount(row.amountDue),
          ...dates,
          reference: row.reference,
          // A life application's first payment may be the whole life fee (decision 0025).
          life,
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
            ...dates,
            instalment: later.some((payment) => payment.kind === "instalment"),
            late: later.some((payment) => payment.late === true),
            ...lastInstalment(first),
          },
        }
      : row.status === "rejected"
        ? { reopen: true as const }
        : null;
  const record: [string, string][] = [
    ["Status", row.statusLabel],
    ["Name", row.name],
    ["E-mail", row.email],
    ["Type", row.type],
    ["Received", when(row.submittedAt)],
    ["Amount due", amountText(row)],
    ...(row.reference ? [["Payment reference", row.reference] as [string, string]] : []),
    ...(row.memberNumber ? [["Member number", row.memberNumber] as [string, string]] : []),
    ...(account.activatedAt ? [["Activated", when(account.activatedAt)] as [string, string]] : []),
    ...(account.closedAt
      ? [["Website account", `Closed by the member, ${when(account.closedAt)}`] as [string, string]]
      : []),
  ];
  // A register member who has not claimed the website account: the office may send the claim link
  // to a new address it has checked (decision 0054).
  const unclaimed = await claimTargetOf(account.key);
  return {
    applicationKey: account.key,
    applicationId: row.applicationId,
    claim: unclaimed ? { memberNo: unclaimed.memberNo, email: unclaimed.email } : null,
    record,
    // Why the page offers no 'Payment received' yet, before anyone presses it.
    note: row.status === "unconfirmed" ? FLASHES["payment-unconfirmed"].text : null,
    payment: detail.payment
      ? ([
          ["Amount", rupees(detail.payment.amount)],
          ["Date received", day(detail.payment.date)],
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
    /** Rejections undone by 'Reopen', oldest first: what was said, by whom, and who reopened it. */
    pastRejections: detail.pastRejections.map(
      (past) =>
        [
          ["Reason", past.reason],
          ["Rejected by", `${past.by}, ${when(past.at)}`],
          ["Reopened by", `${past.reopenedBy}, ${when(past.reopenedAt)}`],
        ] as [string, string][],
    ),
    confirmedPayments: (account.payments ?? []).map((payment, index) => ({
      reference: payment.reference,
      amount: rupees(payment.amount),
      receivedOn: day(payment.paidOn),
      recordedOn: day(dayInIndia(new Date(payment.confirmedAt))),
      // What the office matches against the bank's statement. Accounts activated before the
      // account kept it have the application's in the workspace's record of 'Payment received'
      // only. The application's payment says so by its kind, or, recorded before payments kept
      // their kind, by coming first.
      bankReference:
        payment.bankReference ??
        (payment.kind === "application" || (payment.kind === undefined && index === 0)
          ? detail.payment?.bankReference
          : undefined) ??
        NO_BANK_REFERENCE,
    })),
    actions,
    fields: detail.fields,
    mails: detail.mails.map((mail) => ({
      key: `${mail.kind}/${mail.id}/${mail.name}`,
      text: `${when(mail.at)}: ${mail.subject} to ${mail.to.join(", ")}`,
      status: mail.status,
      failed: mail.status !== "sent",
      lastError: mail.lastError ?? null,
    })),
    history: detail.history.map((line) => `${when(line.at)}, ${line.who}: ${line.summary}`),
  };
}
