import type { MembershipPanelData, PaymentDueData } from "#shared/api/membership.ts";
import { formatNewsDate } from "#shared/format-date.ts";
import { formatAmount } from "#shared/membership/amount.ts";
import { bankRows } from "#shared/membership/bank-rows.ts";
import type { Day } from "#shared/membership/calendar.ts";
import { dayInIndia } from "#shared/membership/calendar.ts";
import {
  MEMBERSHIP_STATUS_LABELS,
  type MembershipState,
  membershipState,
} from "#shared/membership/status.ts";
import { membershipLabel } from "#shared/membership/types.ts";
import type { Membership } from "#shared/schemas/membership.ts";
import type { Account } from "../account/accounts.server.ts";
import { membershipOf } from "./membership.server.ts";
import { membershipContent } from "./membership-content.server.ts";
import { type PaymentDue, paymentDue } from "./membership-payment.server.ts";

/** "31 March 2027". */
export const longDay = (day: Day) => formatNewsDate(day, day).date;

/** "Active until 31 March 2027", "Renewal due since 1 April 2027", …: the status in one line. */
export function statusLine(state: MembershipState): string {
  const label = MEMBERSHIP_STATUS_LABELS[state.status];
  if (state.status === "active") {
    if (state.life) return "Active: life membership";
    return state.activeUntil ? `Active until ${longDay(state.activeUntil)}` : label;
  }
  if (state.status === "renewal-due" || state.status === "in-arrears")
    return state.since ? `${label} since ${longDay(state.since)}` : label;
  if (state.status === "lapsed") return state.since ? `Lapsed on ${longDay(state.since)}` : label;
  return label;
}

/** What the status means for the member, in a sentence or two. */
function statusNote(state: MembershipState): string | null {
  const year = state.arrearsYear ?? "";
  if (state.lifeIncomplete)
    return "Your life membership fee was not completed within a year of the first instalment, as the society's rules require. Please write to the secretariat to settle it.";
  if (state.status === "pending-payment")
    return "The secretariat activates your membership when your payment reaches the society.";
  if (state.status === "renewal-due")
    return state.removalOn
      ? `Your subscription for ${year} is due. If it is not paid by ${longDay(state.removalOn)}, you will be removed from the list of members in good standing.`
      : `Your subscription for ${year} is due.`;
  if (state.status === "in-arrears" && state.lapsesOn)
    return `Your subscription for ${year} is unpaid and you have been removed from the list of members in good standing. Pay it before ${longDay(state.lapsesOn)} to be restored; on that day your membership lapses.`;
  if (state.status === "lapsed")
    return `Your membership lapsed after a year of arrears (${year}). To join again, pay the registration fee and this year's subscription.`;
  return null;
}

/** The next payment, worded: what it is, its items and total, its reference, and the ways to pay it. */
function paymentData(due: PaymentDue, bank: Membership["bank"]): PaymentDueData {
  return {
    title: `${due.title}.`,
    dueLine: due.due ? `It falls due on ${longDay(due.due)}.` : null,
    items: due.items.map((item) => ({ label: item.label, amount: formatAmount(item.amount) })),
    total: formatAmount(due.amount),
    reference: due.reference,
    upiLink: due.upiLink,
    upiLabel: `Pay ${formatAmount(due.amount)} with a UPI app`,
    qr: due.qr,
    qrCaption: `Scan with a UPI app: ${due.amount === "TBA" ? "enter the amount once it is announced" : formatAmount(due.amount)}, reference ${due.reference}.`,
    bank: bankRows(bank),
  };
}

/**
 * The membership part of /account, worded here on the server (the account page's loader and GET
 * /api/account/membership), so every figure and the QR code come from one place.
 */
export function membershipPanel(account: Account, now = new Date()): MembershipPanelData {
  const content = membershipContent();
  const state = membershipOf(account, now);
  const due = paymentDue(state);
  return {
    type: membershipLabel(account.membership),
    ...(state.status !== "rejected" && {
      memberNumber: state.memberNumber ?? "given when your first payment is confirmed",
    }),
    status: state.status,
    statusLine: statusLine(state),
    period: state.period
      ? state.period.to
        ? `${longDay(state.period.from)} to ${longDay(state.period.to)}`
        : `from ${longDay(state.period.from)}, no end`
      : null,
    note: statusNote(state),
    rejection:
      state.status === "rejected"
        ? {
            applicationId: account.applicationId,
            on: state.since ? longDay(state.since) : null,
            // The secretariat's reason in its own words, line by line.
            reason: (state.rejectedFor ?? "")
              .split(/\n+/)
              .map((line) => line.trim())
              .filter(Boolean),
          }
        : null,
    due: due ? paymentData(due, content.bank) : null,
  };
}

/**
 * What a new application is to pay, for the page that confirms it was received: its fee, the
 * reference to quote, and the ways to pay; null for an author or reviewer, who pays nothing.
 */
export function applicationDue(
  applicationId: string,
  membership: string,
  now = new Date(),
): PaymentDueData | null {
  const state = membershipState(
    { applicationId, membership, payments: [] },
    membershipContent(),
    dayInIndia(now),
  );
  const due = paymentDue(state);
  return due ? paymentData(due, membershipContent().bank) : null;
}
