import { ACCOUNT_STATUS_LABELS, AUTHOR_ACCOUNT_NOTE, AUTHOR_ACCOUNT_TITLE } from "#shared/account.ts";
import type { MembershipPanelData, PaymentDueData } from "#shared/api/membership.ts";
import { formatNewsDate } from "#shared/format-date.ts";
import { formatAmount } from "#shared/membership/amount.ts";
import { bankRows } from "#shared/membership/bank-rows.ts";
import {
  addDays,
  type Day,
  dayInIndia,
  financialYearEnd,
  financialYearFromLabel,
} from "#shared/membership/calendar.ts";
import { upiLinkText, upiQrCaption } from "#shared/membership/payment-wording.ts";
import { parseReference } from "#shared/membership/reference.ts";
import {
  firstPeriodSentence,
  joiningLateSentence,
  MEMBERSHIP_STATUS_LABELS,
  type MembershipState,
  membershipState,
} from "#shared/membership/status.ts";
import { isMembership, membershipLabel } from "#shared/membership/types.ts";
import type { Membership } from "#shared/schemas/membership.ts";
import { type Account, shownStatus } from "../account/accounts.server.ts";
import { onlineOffer } from "../payments/online-due.server.ts";
import { membershipOf } from "./membership.server.ts";
import { membershipContent } from "./membership-content.server.ts";
import { type PaymentDue, paymentDue } from "./membership-payment.server.ts";
import { paymentQr } from "./payment-qr.server.ts";

/** "31 March 2027". */
export const longDay = (day: Day) => formatNewsDate(day, day).date;

/** The last day before a change that takes effect on `day`: "30 June 2027" for removal on 1 July. */
export const lastDayBefore = (day: Day) => longDay(addDays(day, -1));

/** The status of a single copy once paid: a purchase, not a membership (decision 0038). */
export const SINGLE_COPY_PAID = "Paid: one copy of the journal";

/** "Active until 31 March 2027", "Renewal due since 1 April 2027", …: the status in one line. */
export function statusLine(state: MembershipState): string {
  const label = MEMBERSHIP_STATUS_LABELS[state.status];
  if (state.status === "active") {
    if (state.life) return "Active: life membership";
    // One payment for one copy of the journal: no period, and no place on the roll (decision 0038).
    if (state.rule === "single") return SINGLE_COPY_PAID;
    if (state.lifeFee && !state.lifeFee.complete && state.activeUntil)
      return `Active until ${longDay(state.activeUntil)}, while the life membership fee is paid`;
    return state.activeUntil ? `Active until ${longDay(state.activeUntil)}` : label;
  }
  if (
    state.status === "renewal-due" ||
    state.status === "in-arrears" ||
    state.status === "instalment-overdue"
  )
    return state.since ? `${label} since ${longDay(state.since)}` : label;
  if (state.status === "lapsed") return state.since ? `Lapsed on ${longDay(state.since)}` : label;
  return label;
}

/**
 * What a member whose membership lapsed is asked to do, in the same words on the account page and
 * in the mail that tells them (lapsedMail). An annual member joins again with the rejoining's
 * payment; a life member whose fee was never completed pays what is still owed, which the
 * secretariat records as a late instalment with its reason (decision 0025): applying again would
 * meet the account the address already has.
 */
export function lapsedInstruction(state: MembershipState): string {
  if (state.rule === "life")
    return "To be a member again, pay what is still owed of your life membership fee, quoting the reference below. The secretariat records it as a late instalment, with the reason it accepts it; once the fee is paid in full you are a life member.";
  // A member from the register rejoins without a registration fee (status.ts's yearPayment).
  const registration = state.next?.items.some((item) => item.label === "Registration fee") ?? true;
  const what = registration
    ? "the registration fee and this year's subscription"
    : "this year's subscription";
  return `To join again, pay ${what}, quoting the reference below. Your membership starts again when the payment reaches the society.`;
}

/** What the status means for the member, in a sentence or two. */
function statusNote(state: MembershipState): string | null {
  const year = state.arrearsYear ?? "";
  const fee = state.lifeFee;
  if (state.status === "lapsed") {
    const when = state.since ? ` on ${longDay(state.since)}` : "";
    const why =
      state.rule === "life"
        ? ", as the rest of your life membership fee was not paid within a year of falling overdue"
        : ` after a year of arrears (${year})`;
    return `Your membership was cancelled${when}${why}. ${lapsedInstruction(state)}`;
  }
  // All the instalments allowed are paid, the year not over: the rest is still owed, and late.
  if (fee && !fee.complete && state.lifeIncomplete && state.status === "active")
    return `You have paid the ${fee.allowed} instalments the society's rules allow, and your life membership fee is not yet complete. Pay what is still owed by ${longDay(fee.lastDay)}, quoting the reference below: the secretariat records a further instalment with the reason it accepts it.`;
  if (fee && !fee.complete && state.lifeIncomplete)
    return `Your life membership fee was not completed in up to ${fee.allowed} instalments within a year of the first, as the society's rules ask. Pay what is still owed, quoting the reference below: the secretariat records a late instalment with the reason it accepts it.`;
  if (fee && !fee.complete && state.status === "active")
    return `Your life membership fee can be paid in up to ${fee.allowed} instalments until ${longDay(fee.lastDay)}; it becomes a life membership once the fee is paid in full.`;
  if (state.status === "pending-payment")
    return "The secretariat activates your membership when your payment reaches the society.";
  // The last day that still counts: removal and the lapse take effect at 00:00 IST the day after.
  if (state.status === "renewal-due")
    return state.removalOn
      ? `Your subscription for ${year} is due. If it is not paid by ${lastDayBefore(state.removalOn)}, you will be removed from the list of members in good standing.`
      : `Your subscription for ${year} is due.`;
  if (state.status === "instalment-overdue")
    return state.removalOn
      ? `The rest of your life membership fee is overdue. If it is not paid by ${lastDayBefore(state.removalOn)}, you will be removed from the list of members in good standing.`
      : "The rest of your life membership fee is overdue.";
  const what =
    state.rule === "life" ? "The rest of your life membership fee" : `Your subscription for ${year}`;
  if (state.status === "in-arrears" && state.lapsesOn)
    return `${what} is unpaid and you have been removed from the list of members in good standing. Pay it by ${lastDayBefore(state.lapsesOn)} to be restored; after that day your membership lapses.`;
  return null;
}

/** A life membership being paid: the fee, what is paid so far and what is still owed (decision 0025). */
function lifeFeeData(state: MembershipState): MembershipPanelData["lifeFee"] {
  const fee = state.lifeFee;
  if (!fee || fee.complete) return null;
  const counted = `${fee.instalments} of up to ${fee.allowed} instalment${fee.allowed === 1 ? "" : "s"}`;
  return {
    registration: formatAmount(fee.registration),
    fee: formatAmount(fee.fee),
    total: formatAmount(fee.total),
    paid: `${formatAmount(fee.paid)} in ${counted}`,
    owed: formatAmount(fee.owed),
  };
}

/** The next payment, worded: what it is, its items and total, its reference, and the ways to pay it. */
function paymentData(due: PaymentDue, bank: Membership["bank"], account: Account | null): PaymentDueData {
  const online = onlineOffer(account, due.reference, typeof due.amount === "number");
  return {
    title: `${due.title}.`,
    dueLine: due.due ? `It falls due on ${longDay(due.due)}.` : null,
    items: due.items.map((item) => ({ label: item.label, amount: formatAmount(item.amount) })),
    total: formatAmount(due.amount),
    reference: due.reference,
    upiLink: due.upiLink,
    // With no amount (a fee still to be announced) the link carries none: the words say so.
    upiLabel: upiLinkText(due.amount),
    qr: paymentQr(due.upiLink),
    qrCaption: upiQrCaption(due.amount, due.reference),
    bank: bankRows(bank),
    ...(online ? { online } : {}),
  };
}

/**
 * The membership part of /account, worded here on the server (the account page's loader), so every figure and the QR code come from one place. An author or
 * reviewer account is told what it is and that there is nothing to pay, and nothing of a
 * membership's (no member number, no payment reference, no "what to pay").
 */
export function membershipPanel(account: Account, now = new Date()): MembershipPanelData {
  // An honorary member is a member who pays nothing: the membership's panel, with nothing due.
  if (!isMembership(account.membership)) return authorPanel(account);
  const content = membershipContent();
  const state = membershipOf(account, now);
  const due = paymentDue(state);
  return {
    title: "Membership and payment",
    typeLabel: "Membership type",
    type: membershipLabel(account.membership),
    ...(state.status !== "rejected" && {
      memberNumber: state.memberNumber ?? "given when your first payment is confirmed",
    }),
    status: state.status,
    statusLine: statusLine(state),
    lifeFee: lifeFeeData(state),
    period: state.period
      ? state.period.to
        ? `${longDay(state.period.from)} to ${longDay(state.period.to)}`
        : state.rule === "single"
          ? `${longDay(state.period.from)}, for one copy of the journal: nothing to renew`
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
    due: due ? paymentData(due, content.bank, account) : null,
    payments: (account.payments ?? []).map((payment) => ({
      reference: payment.reference,
      amount: typeof payment.amount === "number" ? formatAmount(payment.amount) : "not recorded",
      receivedOn: longDay(payment.paidOn),
      recordedOn: longDay(dayInIndia(new Date(payment.confirmedAt))),
    })),
  };
}

/** An author or reviewer account (issue 33, item 9): only what applies to it. */
function authorPanel(account: Account): MembershipPanelData {
  return {
    title: AUTHOR_ACCOUNT_TITLE,
    typeLabel: "Account type",
    type: membershipLabel(account.membership),
    status: "none",
    statusLine: ACCOUNT_STATUS_LABELS[shownStatus(account)],
    lifeFee: null,
    period: null,
    note: AUTHOR_ACCOUNT_NOTE,
    rejection: null,
    due: null,
    payments: [],
  };
}

/**
 * What a new application is to pay, for the page that confirms it was received: its fee, the
 * reference to quote, and the ways to pay; null for an author or reviewer, who pays nothing. The
 * reference is the one the enrolment's answer gave (`reference`, when it is this application's):
 * named by the financial year the application was made in, so a page opened after 1 April still
 * shows the reference the treasurer will see.
 */
export function applicationDue(
  applicationId: string,
  membership: string,
  now = new Date(),
  reference: string | null = null,
): PaymentDueData | null {
  const rules = membershipContent();
  const stateOn = (appliedOn: Day) =>
    membershipState({ applicationId, membership, payments: [], appliedOn }, rules, appliedOn);
  let state = stateOn(dayInIndia(now));
  const named = reference === null ? null : parseReference(reference);
  const year =
    named?.application === applicationId
      ? financialYearFromLabel(named.period, rules.calendar.financialYearStartMonth)
      : null;
  // Made in an earlier financial year (the last day of it, most likely): its fee and its reference.
  if (year !== null && state.next?.reference !== reference) {
    const then = stateOn(financialYearEnd(year, rules.calendar.financialYearStartMonth));
    if (then.next?.reference === reference) state = then;
  }
  const due = paymentDue(state);
  return due ? paymentData(due, rules.bank, null) : null;
}

/**
 * How long a first payment made now keeps this membership, for the page that confirms an
 * application (decision 0024: the applicant is told before they pay); null when it has no period.
 */
export const firstPeriod = (membership: string, now = new Date()): string | null =>
  firstPeriodSentence(membership, dayInIndia(now), membershipContent());

/** The rule of joining late in the year, for the sign-up form's payment details (decision 0024). */
export const joiningLate = (): string => joiningLateSentence(membershipContent());
