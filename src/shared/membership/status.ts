/**
 * Where a membership stands on a given day, from the account's confirmed payments and the
 * constitution's calendar (content/membership.yaml: `fees`, `types`, `calendar`). Pure: the same
 * account, rules and day give the same answer on the server, in the tests and in the secretariat's
 * workspace. See docs/decisions/0014-membership-periods-and-references.md.
 *
 * An annual membership (rule `financial-year`) is paid one financial year at a time. The year
 * after the last one paid falls due on its first day (1 April): 'renewal due'. The Treasurer's
 * reminder goes out within a month; a member still unpaid three months after it is removed:
 * 'in arrears'. After a whole year of arrears (the next 1 April) the membership has lapsed.
 * A life membership is the life fee in one to three instalments within a year of the first; it is
 * a life membership once the fee is paid in full (decision 0025), and an instalment still owed when
 * that year ends runs into arrears only after the member has been told so.
 */
import { byCodeUnits } from "../code-unit-order.ts";
import { formatNewsDate } from "../format-date.ts";
import type { MembershipRule, MembershipRules } from "../schemas/membership.ts";
import { type Amount, sumOf, TO_BE_ANNOUNCED } from "./amount.ts";
import {
  addDays,
  addMonths,
  addYears,
  type Day,
  dayOf,
  financialYearEnd,
  financialYearFromLabel,
  financialYearLabel,
  financialYearOf,
  financialYearStart,
} from "./calendar.ts";
import { feeInForce } from "./fees.ts";
import { instalmentPeriod, memberNumberOf, parseReference, paymentReference } from "./reference.ts";

/** A payment the secretariat has confirmed, as recorded on the account. */
export type ConfirmedPayment = {
  reference: string;
  /** Rupees received; null when it was confirmed while the fee was still to be announced. */
  amount: number | null;
  /**
   * The day the payment is counted from: the day the money was received, as the secretariat
   * recorded it (the day it was recorded, for payments recorded before that was asked).
   */
  paidOn: Day;
  /** What it paid, as the status module asked for it (recorded since issue 33; older ones lack it). */
  kind?: NextPayment["kind"];
  /**
   * A life instalment the secretariat marked as completing the life fee: how a fee that is still
   * to be announced is known to be paid in full (decision 0025).
   */
  completesFee?: boolean;
  /** A life instalment the secretariat accepted after the instalment year, or beyond its count, and why. */
  lateReason?: string;
};

/** What the status depends on. */
export type MembershipAccount = {
  applicationId: string;
  /** The membership type's value ("2" Life, "1" Ordinary, …); anything else is no membership. */
  membership: string;
  /**
   * The day the application was made (in India): its payment's reference names this day's
   * financial year, so the reference the applicant is given is the one the treasurer sees, however
   * late the payment is confirmed. Absent: the day the state is asked for.
   */
  appliedOn?: Day;
  payments: readonly ConfirmedPayment[];
  /** The day each renewal reminder went out, by the financial year it asked for ("2027-28"). */
  remindedOn?: Readonly<Record<string, Day>>;
  /** The secretariat turned the application down: the day, and the reason it gave the applicant. */
  rejected?: { on: Day; reason: string };
  /** A member on the society's register before the site (decision 0051): what the register says. */
  register?: RegisterFacts;
  /** The application ids of accounts merged into this one: their payments are this member's. */
  mergedApplications?: readonly string[];
};

/**
 * What the membership register says of a member who joined before the site, imported by the
 * secretariat (decision 0051). The register stands for the payments the site never saw: an annual
 * member has paid to the end of `lastPaidYear`, a life member is one (less what is still owed),
 * an honorary member pays nothing. Payments made on the site count on top, as for anyone.
 */
export type RegisterFacts = {
  /** The society's own member number ("L-0421"): the one the member knows. */
  memberNo: string;
  /** The calendar year the member joined. */
  joinedYear: number;
  /** An annual member's last financial year paid ("2025-26"); none: nothing paid since joining. */
  lastPaidYear: string | null;
  /** A life member paying in instalments: rupees still owed on the register (0 or none: paid). */
  lifeOwed: number | null;
  /**
   * The day (in India) the register's figures were taken in: a life fee still owed runs its year of
   * instalments from here, and only instalments received from this day count against it.
   */
  since: Day;
};

export const MEMBERSHIP_STATUSES = [
  "none",
  "pending-payment",
  "active",
  "renewal-due",
  /** A life fee still owed after its instalment year: what renewal due is to an annual member. */
  "instalment-overdue",
  "in-arrears",
  "lapsed",
  "rejected",
] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

export type PaymentItem = { label: string; amount: Amount };

/** The next amount to pay, with the reference to quote. */
export type NextPayment = {
  kind: "application" | "renewal" | "instalment" | "rejoin";
  /** A financial year ("2027-28") or a life instalment ("L2"). */
  period: string;
  reference: string;
  items: PaymentItem[];
  amount: Amount;
  /** The day it falls (or fell) due; for an instalment, the last day it counts. */
  due: Day | null;
  /**
   * A life instalment after its year or beyond its number: it counts only once the secretariat
   * records it with the reason it accepts it (decision 0025).
   */
  late?: boolean;
};

/** A life membership's fee: what it is, what has been paid towards it and what is still owed. */
export type LifeFee = {
  /** The registration fee and the life fee itself, apart, as a receipt shows them. */
  registration: Amount;
  fee: Amount;
  /** Registration and life fee, at the fees in force for the year applied in ("TBA": not given). */
  total: Amount;
  /** Rupees received in the instalments that count. */
  paid: number;
  /** What is still owed: 0 once complete; "TBA" while the fee is to be announced. */
  owed: Amount;
  /** Instalments that count so far, and how many the rules allow. */
  instalments: number;
  allowed: number;
  /** The last day of the instalment year (a year from the first instalment, that day excluded). */
  lastDay: Day;
  complete: boolean;
};

export type MembershipState = {
  status: MembershipStatus;
  rule: MembershipRule | null;
  /** Given with the first confirmed payment. */
  memberNumber: string | null;
  life: boolean;
  /** The paid-for period: from its first day, to its last (null: no end). */
  period: { from: Day; to: Day | null } | null;
  /** While active: the last day (null: no end). */
  activeUntil: Day | null;
  /** The day the present status began (renewal due, in arrears, lapsed). */
  since: Day | null;
  /** The financial year owed, while renewal is due, in arrears or lapsed. */
  arrearsYear: string | null;
  /** While renewal is due: the day the member is removed (in arrears) if still unpaid; null until reminded. */
  removalOn: Day | null;
  /** While renewal is due or in arrears: the day the membership lapses if still unpaid. */
  lapsesOn: Day | null;
  next: NextPayment | null;
  /** A life fee that can no longer be completed within its year or its instalments. */
  lifeIncomplete: boolean;
  /** A life membership's fee once an instalment is paid: paid so far and still owed. */
  lifeFee: LifeFee | null;
  /** While rejected: the reason the secretariat gave. */
  rejectedFor: string | null;
};

const blank: MembershipState = {
  status: "none",
  rule: null,
  memberNumber: null,
  life: false,
  period: null,
  activeUntil: null,
  since: null,
  arrearsYear: null,
  removalOn: null,
  lapsesOn: null,
  next: null,
  lifeIncomplete: false,
  lifeFee: null,
  rejectedFor: null,
};

type Context = {
  account: MembershipAccount;
  rules: MembershipRules;
  type: MembershipRules["types"][number];
  today: Day;
  start: number;
};

const yearLabel = (context: Context, year: number) => financialYearLabel(year, context.start);

/** The registration fee and the type's fee in force for a financial year (a fee change applies from its year). */
const feesFor = (context: Context, year: number) => ({
  registration: feeInForce(context.rules.fees.registration, year, context.start),
  type: feeInForce(context.type.fees ?? [], year, context.start),
});

/**
 * The account's own payments (references naming its application, or an application merged into
 * it: two records of one person made one), oldest first.
 */
function ownPayments({ applicationId, payments, mergedApplications = [] }: MembershipAccount) {
  const own = new Set([applicationId, ...mergedApplications]);
  return payments
    .map((payment) => ({ payment, parsed: parseReference(payment.reference) }))
    .filter(({ parsed }) => parsed !== null && own.has(parsed.application))
    .map(({ payment, parsed }) => ({ ...payment, period: parsed?.period as string }))
    .sort((a, b) => byCodeUnits(a.paidOn, b.paidOn));
}

function applicationPayment(context: Context): NextPayment {
  const { account, type, today } = context;
  const year = financialYearOf(account.appliedOn ?? today, context.start);
  const fees = feesFor(context, year);
  const period = type.rule === "life" ? instalmentPeriod(1) : yearLabel(context, year);
  const subscription =
    type.rule === "life"
      ? "Life membership fee"
      : type.rule === "single"
        ? type.label
        : `Subscription for ${period}`;
  const items = [
    { label: "Registration fee", amount: fees.registration },
    { label: subscription, amount: fees.type },
  ];
  return {
    kind: "application",
    period,
    reference: paymentReference(account.applicationId, period),
    items,
    amount: sumOf(items.map((item) => item.amount)),
    due: null,
  };
}

/**
 * No confirmed payment yet: the application's payment is due, unless the secretariat turned the
 * application down, which leaves nothing to pay. (A payment confirmed after a rejection would count
 * as any other; the workspace and the approval link refuse to record one.)
 */
function pending(context: Context): MembershipState {
  const { rejected } = context.account;
  if (rejected)
    return {
      ...blank,
      status: "rejected",
      rule: context.type.rule,
      since: rejected.on,
      rejectedFor: rejected.reason,
    };
  return { ...blank, status: "pending-payment", rule: context.type.rule, next: applicationPayment(context) };
}

function yearPayment(context: Context, kind: "renewal" | "rejoin", year: number, due: Day): NextPayment {
  const { account } = context;
  const period = yearLabel(context, year);
  const fees = feesFor(context, year);
  const items = [
    // A member from the register registered with the society long ago: rejoining after a lapse,
    // they pay the year's subscription only (issue 57: no registration fee is asked of an existing
    // member).
    ...(kind === "rejoin" && !account.register
      ? [{ label: "Registration fee", amount: fees.registration }]
      : []),
    { label: `Subscription for ${period}`, amount: fees.type },
  ];
  return {
    kind,
    period,
    reference: paymentReference(memberNumberOf(account.applicationId), period),
    items,
    amount: sumOf(items.map((item) => item.amount)),
    due,
  };
}

const isApplicationReference = (reference: string) => /^ISGPB-EN-/.test(reference.trim().toUpperCase());

/** A payment that begins a membership: the application's own, or a rejoining after a lapse. */
const isFirstPayment = (payment: ConfirmedPayment) =>
  isApplicationReference(payment.reference) || payment.kind === "rejoin";

/**
 * The financial years a payment pays for. A renewal's is the year its reference names. The
 * application's own (an EN- reference, named by the year the application was made) pays for the
 * year it is confirmed in, so an application paid across 1 April counts for the new year. A first
 * payment (the application's, or a rejoining) confirmed in the last `lateJoiningMonths` months of
 * its year (1 January to 31 March) also pays for the next year (decision 0024): joining late costs
 * no one a year's fee for a few weeks of membership.
 */
function yearsPaidFor(payment: ConfirmedPayment, context: Context): number[] {
  const { start } = context;
  const parsed = parseReference(payment.reference);
  if (!parsed) return [];
  const year = isApplicationReference(payment.reference)
    ? financialYearOf(payment.paidOn, start)
    : financialYearFromLabel(parsed.period, start);
  if (year === null) return [];
  if (!isFirstPayment(payment)) return [year];
  const lateFrom = addMonths(financialYearStart(year + 1, start), -context.rules.calendar.lateJoiningMonths);
  const late = payment.paidOn >= lateFrom && payment.paidOn <= financialYearEnd(year, start);
  return late ? [year, year + 1] : [year];
}

/**
 * The financial years the register says an annual member paid: from the year joined to the last
 * year paid (the register keeps no gaps: a member who lapsed and rejoined is on it from the
 * rejoining). Nothing paid since joining: paid up to the year before, so the year joined is owed,
 * never an application's registration fee.
 */
function registerYears({ account, start }: Context): number[] {
  const register = account.register;
  if (!register) return [];
  const joined = register.joinedYear;
  const paid = register.lastPaidYear ? financialYearFromLabel(register.lastPaidYear, start) : null;
  const last = paid ?? joined - 1;
  const years: number[] = [];
  for (let year = Math.min(joined, last); year <= last; year++) years.push(year);
  return years;
}

function annual(context: Context): MembershipState {
  const { account, rules, today, start } = context;
  const covered = ownPayments(account).map((payment) => ({ payment, years: yearsPaidFor(payment, context) }));
  const years = [...covered.flatMap(({ years }) => years), ...registerYears(context)];
  if (years.length === 0) return pending(context);
  const paid = new Set(years);
  const last = Math.max(...years);
  let first = last;
  while (paid.has(first - 1)) first--;
  const current = financialYearOf(today, start);
  // The period paid for in a row starts on 1 April of its first year, or, when a first payment
  // began it in that year, on the day that payment was confirmed ("26 November 2026 to …").
  const opening = covered.find(({ years }) => years.includes(first))?.payment;
  const yearStart = financialYearStart(first, start);
  const from = opening && isFirstPayment(opening) && opening.paidOn >= yearStart ? opening.paidOn : yearStart;
  const base: MembershipState = {
    ...blank,
    rule: "financial-year",
    memberNumber: memberNumberFor(account),
    period: { from, to: financialYearEnd(last, start) },
  };
  if (last >= current) {
    const renewal = yearPayment(context, "renewal", last + 1, financialYearStart(last + 1, start));
    return { ...base, status: "active", activeUntil: financialYearEnd(last, start), next: renewal };
  }
  const owed = last + 1;
  const arrearsFrom = financialYearStart(owed, start);
  const lapsesOn = addYears(arrearsFrom, rules.calendar.lapseAfterYearsInArrears);
  if (today >= lapsesOn)
    return {
      ...base,
      status: "lapsed",
      since: lapsesOn,
      arrearsYear: yearLabel(context, owed),
      next: yearPayment(context, "rejoin", current, financialYearStart(current, start)),
    };
  // Removal counts from the Treasurer's reminder: no one is removed without one (the schedule
  // sends it from 1 April, within the month the rules allow).
  const remindedOn = account.remindedOn?.[yearLabel(context, owed)];
  const removalOn = remindedOn ? addMonths(remindedOn, rules.calendar.removalMonthsAfterReminder) : null;
  const owing = {
    ...base,
    arrearsYear: yearLabel(context, owed),
    lapsesOn,
    next: yearPayment(context, "renewal", owed, arrearsFrom),
  };
  if (!removalOn || today < removalOn)
    return { ...owing, status: "renewal-due", since: arrearsFrom, removalOn };
  return { ...owing, status: "in-arrears", since: removalOn };
}

/** The key of a life membership's notices and of the day it was told its instalment year had ended. */
export const LIFE_NOTICE_PERIOD = "life";

/** The number the member is known by: the register's for a member from before the site, else M-… . */
const memberNumberFor = (account: MembershipAccount) =>
  account.register?.memberNo ?? memberNumberOf(account.applicationId);

function life(context: Context): MembershipState {
  const { account, rules, today } = context;
  const instalments = ownPayments(account).filter(({ period }) => /^L\d$/.test(period));
  if (account.register) return registerLife(context, account.register, instalments);
  const [first] = instalments;
  if (!first) return pending(context);
  const { lifeInstalments: allowed, lifeInstalmentMonths } = rules.fees;
  const lastDay = addDays(addMonths(first.paidOn, lifeInstalmentMonths), -1);
  // What counts: up to `allowed` instalments within the year, and any the secretariat accepted late.
  const inYear = instalments.filter(({ paidOn }) => paidOn <= lastDay).slice(0, allowed);
  const counted = instalments.filter((payment) => inYear.includes(payment) || payment.lateReason);
  // The plan keeps the fee of the year it was applied for (the year its first reference names).
  const fees = feesFor(context, financialYearOf(account.appliedOn ?? first.paidOn, context.start));
  const total = sumOf([fees.registration, fees.type]);
  const paid = counted.reduce((sum, { amount }) => sum + (amount ?? 0), 0);
  // Complete: the amounts reach a known fee, or the secretariat marked the instalment that completes
  // it (the only way while the fee is to be announced), or a payment was confirmed under the old
  // rule that took one life payment as the whole fee (recorded without an amount).
  const complete =
    counted.some(({ completesFee, amount }) => completesFee || amount === null) ||
    (typeof total === "number" && paid >= total);
  const owed: Amount = complete ? 0 : typeof total === "number" ? total - paid : TO_BE_ANNOUNCED;
  const lifeFee: LifeFee = {
    registration: fees.registration,
    fee: fees.type,
    total,
    paid,
    owed,
    instalments: counted.length,
    allowed,
    lastDay,
    complete,
  };
  const base: MembershipState = {
    ...blank,
    rule: "life",
    memberNumber: memberNumberOf(account.applicationId),
    lifeFee,
  };
  if (complete) return { ...base, status: "active", life: true, period: { from: first.paidOn, to: null } };
  return lifeOwing(context, base, {
    from: first.paidOn,
    inTime: today <= lastDay && inYear.length < allowed,
    // The next reference follows every instalment recorded, counted or not, so none is used twice.
    number: instalments.length + 1,
  });
}

/**
 * A life member from the register. Nothing owed: a life member, as the register says, whatever the
 * fees are now. Still owed: the register's figure is the fee, the register itself its first
 * instalment (L1), and the instalments run as a new member's do from the day the figure was taken
 * in (`since`): the rest within the instalment year, then the same notices, removal and lapse.
 */
function registerLife(
  context: Context,
  register: RegisterFacts,
  instalments: ReturnType<typeof ownPayments>,
): MembershipState {
  const { rules, today } = context;
  const { lifeInstalments: allowed, lifeInstalmentMonths } = rules.fees;
  const from = financialYearStart(register.joinedYear, context.start);
  const base: MembershipState = { ...blank, rule: "life", memberNumber: register.memberNo };
  const owedOnRegister = register.lifeOwed ?? 0;
  if (owedOnRegister <= 0) return { ...base, status: "active", life: true, period: { from, to: null } };
  const lastDay = addDays(addMonths(register.since, lifeInstalmentMonths), -1);
  // Instalments received since the figure was taken in; the register's own stands for the first.
  const since = instalments.filter(({ paidOn }) => paidOn >= register.since);
  const inYear = since.filter(({ paidOn }) => paidOn <= lastDay).slice(0, allowed - 1);
  const counted = since.filter((payment) => inYear.includes(payment) || payment.lateReason);
  const paid = counted.reduce((sum, { amount }) => sum + (amount ?? 0), 0);
  const complete = counted.some(({ completesFee }) => completesFee) || paid >= owedOnRegister;
  const lifeFee: LifeFee = {
    registration: 0,
    fee: owedOnRegister,
    total: owedOnRegister,
    paid,
    owed: complete ? 0 : owedOnRegister - paid,
    instalments: counted.length + 1,
    allowed,
    lastDay,
    complete,
  };
  const owing = { ...base, lifeFee };
  if (complete) return { ...owing, status: "active", life: true, period: { from, to: null } };
  return lifeOwing(context, owing, {
    from: register.since,
    inTime: today <= lastDay && inYear.length + 1 < allowed,
    number: instalments.length + 2,
  });
}

/** A life fee not yet paid in full: the next instalment, and where the membership stands for it. */
function lifeOwing(
  context: Context,
  base: MembershipState,
  { from, inTime, number }: { from: Day; inTime: boolean; number: number },
): MembershipState {
  const { account, rules, today } = context;
  const lifeFee = base.lifeFee as LifeFee;
  const { lastDay, owed, allowed } = lifeFee;
  const period = { from, to: lastDay };
  const label = instalmentPeriod(number);
  const next: NextPayment = {
    kind: "instalment",
    period: label,
    reference: paymentReference(memberNumberOf(account.applicationId), label),
    // Before the last instalment allowed, the member may pay part of what is owed now, the rest later.
    items: [
      {
        label: `Life membership fee, instalment ${number} (${number < allowed ? "all or part of the rest" : "the rest"})`,
        amount: owed,
      },
    ],
    amount: owed,
    due: lastDay,
    ...(inTime ? {} : { late: true }),
  };
  const owing = { ...base, period, next, lifeIncomplete: !inTime };
  if (today <= lastDay) return { ...owing, status: "active", activeUntil: lastDay };

  // The instalment year has ended with the fee owed. As for an annual member: removal three months
  // after the member was told (the schedule's notice when the year ends), the lapse a year after the
  // year ended; nobody is removed or cancelled who was never told.
  const overdueFrom = addDays(lastDay, 1);
  const toldOn = account.remindedOn?.[LIFE_NOTICE_PERIOD];
  const removalOn = toldOn ? addMonths(toldOn, rules.calendar.removalMonthsAfterReminder) : null;
  const lapsesOn = addYears(overdueFrom, rules.calendar.lapseAfterYearsInArrears);
  if (toldOn && today >= lapsesOn) return { ...owing, status: "lapsed", since: lapsesOn };
  if (removalOn && today >= removalOn) return { ...owing, status: "in-arrears", since: removalOn, lapsesOn };
  return { ...owing, status: "instalment-overdue", since: overdueFrom, removalOn, lapsesOn };
}

function single(context: Context): MembershipState {
  const { account } = context;
  const [first] = ownPayments(account);
  // A copy on the register is paid for: the register stands for its payment.
  const paidOn = first?.paidOn ?? (account.register ? account.register.since : null);
  if (!paidOn) return pending(context);
  return {
    ...blank,
    status: "active",
    rule: "single",
    memberNumber: memberNumberFor(account),
    period: { from: paidOn, to: null },
  };
}

/** An honorary member (decision 0051): a member in standing with nothing to pay, and no end. */
function honorary({ account, start }: Context): MembershipState {
  const joined = account.register?.joinedYear;
  return {
    ...blank,
    status: "active",
    rule: "honorary",
    memberNumber: memberNumberFor(account),
    period: joined === undefined ? null : { from: financialYearStart(joined, start), to: null },
  };
}

/**
 * The reference of an application's first payment, for the sign-up page's confirmation and every
 * answer and mail after it: `ISGPB-EN-<ten hex>-<the application's financial year>` (a life
 * membership's first instalment: `-L1`); null for an author or reviewer account, which pays nothing.
 */
export function applicationPaymentReference(
  applicationId: string,
  membership: string,
  appliedOn: Day,
  rules: MembershipRules,
): string | null {
  const state = membershipState({ applicationId, membership, payments: [], appliedOn }, rules, appliedOn);
  return state.next?.kind === "application" ? state.next.reference : null;
}

/** Where `account`'s membership stands on `today` (a day in India: see dayInIndia). */
export function membershipState(
  account: MembershipAccount,
  rules: MembershipRules,
  today: Day,
): MembershipState {
  const type = rules.types.find(({ value }) => value === account.membership);
  if (!type) return blank;
  const context: Context = { account, rules, type, today, start: rules.calendar.financialYearStartMonth };
  if (type.rule === "life") return life(context);
  if (type.rule === "single") return single(context);
  if (type.rule === "honorary") return honorary(context);
  return annual(context);
}

/** The notices the reminder schedule sends, once each per member and period. */
export const NOTICE_KINDS = [
  "renewal-reminder",
  "second-notice",
  "lapsed",
  "instalment-reminder",
  "instalment-overdue",
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** A notice and what it concerns: a financial year ("2027-28"), or a life membership's fee ("life"). */
export type Notice = { kind: NoticeKind; period: string };

/**
 * The notice a membership's state calls for on `today`:
 * - an annual member: the reminder while renewal is due, the second notice once in arrears
 *   (removed), the lapse once lapsed;
 * - a life member with an instalment still owed: a reminder within the last `reminderWithinMonths`
 *   of the instalment year, the notice that it has ended (from which removal counts), the second
 *   notice once in arrears, the lapse.
 * A state reached without the one before (the schedule did not run) gets only its own.
 */
export function noticeFor(state: MembershipState, today: Day, rules: MembershipRules): Notice | null {
  if (state.rule === "financial-year" && state.arrearsYear) {
    const period = state.arrearsYear;
    if (state.status === "renewal-due") return { kind: "renewal-reminder", period };
    if (state.status === "in-arrears") return { kind: "second-notice", period };
    if (state.status === "lapsed") return { kind: "lapsed", period };
    return null;
  }
  const fee = state.lifeFee;
  if (state.rule !== "life" || !fee || fee.complete) return null;
  const period = LIFE_NOTICE_PERIOD;
  if (state.status === "instalment-overdue") return { kind: "instalment-overdue", period };
  if (state.status === "in-arrears") return { kind: "second-notice", period };
  if (state.status === "lapsed") return { kind: "lapsed", period };
  const remindFrom = addMonths(addDays(fee.lastDay, 1), -rules.calendar.reminderWithinMonths);
  if (state.status === "active" && today >= remindFrom) return { kind: "instalment-reminder", period };
  return null;
}

export const MEMBERSHIP_STATUS_LABELS: Record<MembershipStatus, string> = {
  none: "No membership",
  "pending-payment": "Pending payment",
  active: "Active",
  "renewal-due": "Renewal due",
  "instalment-overdue": "Instalment overdue",
  "in-arrears": "In arrears",
  lapsed: "Lapsed",
  rejected: "Application not accepted",
};

const longDay = (day: Day) => formatNewsDate(day, day).date;
const NUMBER_WORDS = ["no", "one", "two", "three", "four", "five", "six"];

/** "1 April", "31 March": a day of the year, from the calendar's months. */
const dayOfYear = (month: number, last = false) => {
  const normal = ((month - 1 + 12) % 12) + 1;
  // Any year serves for the month's name; the last day of February is never asked for.
  return longDay(last ? addDays(dayOf(2001, (normal % 12) + 1, 1), -1) : dayOf(2001, normal, 1)).replace(
    / 2001$/,
    "",
  );
};

/**
 * What the sign-up page says before anyone pays about joining late in the year (decision 0024),
 * from the content's calendar: "Membership runs by the financial year, 1 April to 31 March. A first
 * payment confirmed from 1 January to 31 March also covers the whole of the next financial year, …".
 * No date of its own, so a page made at build time can show it.
 */
export function joiningLateSentence(rules: MembershipRules): string {
  const { financialYearStartMonth: start, lateJoiningMonths: late } = rules.calendar;
  const year = `Membership runs by the financial year, ${dayOfYear(start)} to ${dayOfYear(start - 1, true)}.`;
  if (late === 0) return year;
  return `${year} A first payment confirmed from ${dayOfYear(start - late)} to ${dayOfYear(start - 1, true)} also covers the whole of the next financial year, so joining late in the year costs you nothing.`;
}

/**
 * The same for one membership type on one day, with its dates: how long a first payment made now
 * keeps the membership. Null for a type with no period (single copy) and for no membership.
 */
export function firstPeriodSentence(membership: string, today: Day, rules: MembershipRules): string | null {
  const type = rules.types.find(({ value }) => value === membership);
  if (!type || type.rule === "single") return null;
  if (type.rule === "life") {
    const { lifeInstalments: count, lifeInstalmentMonths: months } = rules.fees;
    const how = count <= 1 ? "in one payment" : `in one to ${NUMBER_WORDS[count] ?? count} instalments`;
    const within = months === 12 ? "a year" : `${months} months`;
    return `A life membership has no end once the life fee is paid, ${how} within ${within} of the first.`;
  }
  const { financialYearStartMonth: start, lateJoiningMonths: late } = rules.calendar;
  const year = financialYearOf(today, start);
  const lateFrom = addMonths(financialYearStart(year + 1, start), -late);
  const thisYear = longDay(financialYearEnd(year, start));
  const nextYear = longDay(financialYearEnd(year + 1, start));
  if (late > 0 && today >= lateFrom)
    return `Paid now, your membership runs from the day your payment is confirmed to ${nextYear}: a first payment confirmed from ${dayOfYear(start - late)} to ${dayOfYear(start - 1, true)} also covers the next financial year.`;
  if (late === 0)
    return `Paid now, your membership runs from the day your payment is confirmed to ${thisYear}.`;
  return `Paid now, your membership runs from the day your payment is confirmed to ${thisYear}; a first payment confirmed from ${longDay(lateFrom)} runs to ${nextYear}.`;
}
