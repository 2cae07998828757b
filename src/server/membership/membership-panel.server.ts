import { ACCOUNT_STATUS_LABELS, AUTHOR_ACCOUNT_NOTE, AUTHOR_ACCOUNT_TITLE } from "#shared/account.ts";
import { membershipLabel, needsPayment } from "#shared/enrolment-options.ts";
import { escapeHtml } from "#shared/escape-html.ts";
import { formatNewsDate } from "#shared/format-date.ts";
import { formatAmount } from "#shared/membership/amount.ts";
import { addDays, type Day } from "#shared/membership/calendar.ts";
import { upiLinkText, upiQrCaption } from "#shared/membership/payment-wording.ts";
import { MEMBERSHIP_STATUS_LABELS, type MembershipState } from "#shared/membership/status.ts";
import type { Membership } from "#shared/schemas/membership.ts";
import { type Account, shownStatus } from "../account/accounts.server.ts";
import { membershipOf } from "./membership.server.ts";
import { membershipContent } from "./membership-content.server.ts";
import { type PaymentDue, paymentDue } from "./membership-payment.server.ts";

/** "31 March 2027". */
export const longDay = (day: Day) => formatNewsDate(day, day).date;

/** The last day before a change that takes effect on `day`: "30 June 2027" for removal on 1 July. */
export const lastDayBefore = (day: Day) => longDay(addDays(day, -1));

/** "Active until 31 March 2027", "Renewal due since 1 April 2027", …: the status in one line. */
export function statusLine(state: MembershipState): string {
  const label = MEMBERSHIP_STATUS_LABELS[state.status];
  if (state.status === "active") {
    if (state.life) return "Active: life membership";
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

/** What the status means for the member, in a sentence or two. */
function statusNote(state: MembershipState): string | null {
  const year = state.arrearsYear ?? "";
  const fee = state.lifeFee;
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
  if (state.status === "lapsed")
    return `Your membership lapsed after a year of arrears (${year}). To join again, pay the registration fee and this year's subscription.`;
  return null;
}

const row = (label: string, value: string) => `<div><dt>${escapeHtml(label)}</dt><dd>${value}</dd></div>`;

/** A life membership being paid: the fee, what is paid so far and what is still owed (decision 0025). */
function lifeFeeRows(state: MembershipState): string[] {
  const fee = state.lifeFee;
  if (!fee || fee.complete) return [];
  const counted = `${fee.instalments} of up to ${fee.allowed} instalment${fee.allowed === 1 ? "" : "s"}`;
  return [
    row("Life membership fee", escapeHtml(formatAmount(fee.total))),
    row("Paid so far", escapeHtml(`${formatAmount(fee.paid)} in ${counted}`)),
    row("Still owed", escapeHtml(formatAmount(fee.owed))),
  ];
}

function bankRows(bank: Membership["bank"]): [string, string][] {
  return [
    ["Account name", bank.accountName],
    ["Bank", bank.bankName],
    ["Account number", bank.accountNumber],
    ["IFSC", bank.ifsc],
    ["Branch code", bank.branchCode],
    ["SWIFT code", bank.swiftCode],
    ["Branch", bank.location],
  ];
}

function paymentHtml(due: PaymentDue, bank: Membership["bank"]): string {
  const items = due.items
    .map(
      (item) =>
        `<tr><th scope="row">${escapeHtml(item.label)}</th><td>${escapeHtml(formatAmount(item.amount))}</td></tr>`,
    )
    .join("");
  const dueLine = due.due ? ` It falls due on ${escapeHtml(longDay(due.due))}.` : "";
  return [
    `<h3 id="membership-next">What to pay next</h3>`,
    `<p>${escapeHtml(due.title)}.${dueLine}</p>`,
    `<table aria-labelledby="membership-next"><tbody>${items}</tbody><tfoot><tr><th scope="row">Total</th><td data-payment-amount="">${escapeHtml(formatAmount(due.amount))}</td></tr></tfoot></table>`,
    `<p>Payment reference: <strong data-payment-reference="">${escapeHtml(due.reference)}</strong></p>`,
    `<p>Quote this reference with your payment, so the treasurer can match it to you.</p>`,
    `<h4>By bank transfer</h4>`,
    `<dl>${bankRows(bank)
      .map(([label, value]) => row(label, escapeHtml(value)))
      .join("")}</dl>`,
    `<h4>By UPI</h4>`,
    `<p><a href="${escapeHtml(due.upiLink)}">${escapeHtml(upiLinkText(due.amount))}</a></p>`,
    `<figure>${due.qrSvg}<figcaption>${escapeHtml(upiQrCaption(due.amount, due.reference))}</figcaption></figure>`,
  ].join("");
}

/**
 * The membership part of /account, as HTML: written here on the server, both for the page's
 * script (GET /api/account/membership) and for the page without JavaScript (/account/membership),
 * so the QR code and every figure come from one place. Every text is escaped; the QR code is our
 * own SVG.
 */
export function membershipPanelHtml(account: Account, now = new Date()): string {
  if (!needsPayment(account.membership)) return authorPanelHtml(account);
  const content = membershipContent();
  const state = membershipOf(account, now);
  const details = [
    row("Membership type", escapeHtml(membershipLabel(account.membership))),
    ...(state.status === "rejected"
      ? []
      : [
          row(
            "Member number",
            state.memberNumber
              ? escapeHtml(state.memberNumber)
              : "given when your first payment is confirmed",
          ),
        ]),
    row(
      "Status",
      `<strong data-membership-status="${state.status}">${escapeHtml(statusLine(state))}</strong>`,
    ),
    ...lifeFeeRows(state),
    ...(state.period
      ? [
          row(
            "Paid for",
            escapeHtml(
              state.period.to
                ? `${longDay(state.period.from)} to ${longDay(state.period.to)}`
                : `from ${longDay(state.period.from)}, no end`,
            ),
          ),
        ]
      : []),
  ].join("");
  const note = statusNote(state);
  const due = paymentDue(account, state);
  return [
    `<h2 id="membership-title">Membership and payment</h2>`,
    `<dl>${details}</dl>`,
    note ? `<p>${escapeHtml(note)}</p>` : "",
    state.status === "rejected" ? rejectionHtml(account.applicationId, state) : "",
    due ? paymentHtml(due, content.bank) : "",
  ].join("");
}

/**
 * An author or reviewer account: what it is and that nothing is to be paid, and nothing of a
 * membership's (no member number, no payment reference, no "what to pay").
 */
function authorPanelHtml(account: Account): string {
  return [
    `<h2 id="membership-title">${escapeHtml(AUTHOR_ACCOUNT_TITLE)}</h2>`,
    `<dl>${[
      row("Account type", escapeHtml(membershipLabel(account.membership))),
      row(
        "Status",
        `<strong data-membership-status="none">${escapeHtml(ACCOUNT_STATUS_LABELS[shownStatus(account)])}</strong>`,
      ),
    ].join("")}</dl>`,
    `<p>${escapeHtml(AUTHOR_ACCOUNT_NOTE)}</p>`,
  ].join("");
}

/**
 * A rejected application: the secretariat's reason in its own words (line by line, every line
 * escaped), and what the applicant can do about it.
 */
function rejectionHtml(applicationId: string, state: MembershipState): string {
  const on = state.since ? ` on ${longDay(state.since)}` : "";
  const reason = (state.rejectedFor ?? "")
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join("");
  return [
    `<p>The secretariat could not accept your application ${escapeHtml(applicationId)}${escapeHtml(on)}. The reason given:</p>`,
    `<blockquote data-rejection-reason="">${reason}</blockquote>`,
    `<p>There is nothing to pay. If you have a question, or think this is a mistake, <a href="/contact-us">write to the secretariat</a>.</p>`,
  ].join("");
}
