import { dayInIndia, financialYearFromLabel, financialYearStart } from "#shared/membership/calendar.ts";
import {
  LIFE_NOTICE_PERIOD,
  type MembershipState,
  NOTICE_KINDS,
  type Notice,
  type NoticeKind,
  noticeFor,
} from "#shared/membership/status.ts";
import { type Account, getAccount, isVerified, members, saveAccount } from "../account/accounts.server.ts";
import { readEnv } from "../env.server.ts";
import type { Mail } from "../mail/mail.server.ts";
import { deliverPending, storeSubmission } from "../submissions.server.ts";
import { membershipOf } from "./membership.server.ts";
import { membershipContent } from "./membership-content.server.ts";
import {
  lapsedMail,
  lifeInstalmentMail,
  renewalReminderMail,
  secondNoticeMail,
} from "./membership-mails.server.ts";
import { type PaymentDue, paymentDue } from "./membership-payment.server.ts";

/** A scheduled function is stopped at 30 s: this run starts nothing after 20 s; the rest waits for the next run. */
export const REMINDER_RUN_BUDGET_MS = 20_000;
/** Below this much time left, no mail is started. */
const LEAST_SEND_MS = 200;

export type ReminderOptions = {
  /** The day the schedule acts on: the real time in the deployed function, a chosen one in tests. */
  now: Date;
  /** The site's address for the links in the mails. */
  origin: string;
  budgetMs?: number;
  /** Measures the run's own time (the deadline), whatever `now` says. */
  clock?: () => number;
};

export type ReminderRun = { sent: Record<NoticeKind, number>; pending: number; looked: number; left: number };

type Mailer = (
  member: Account,
  state: MembershipState,
  due: PaymentDue | null,
  bank: ReturnType<typeof membershipContent>["bank"],
  url: string,
) => Promise<Mail | null>;

/** A notice that asks for a payment is made only while one is due (else nothing is sent or recorded). */
const asking =
  (
    mail: (
      member: Account,
      state: MembershipState,
      due: PaymentDue,
      bank: ReturnType<typeof membershipContent>["bank"],
      url: string,
    ) => Promise<Mail>,
  ): Mailer =>
  (member, state, due, bank, url) =>
    due ? mail(member, state, due, bank, url) : Promise.resolve(null);

/** Every notice has its mail: nothing is recorded as sent that was not (issue 33, item 25). */
const MAILS: Record<NoticeKind, Mailer> = {
  "renewal-reminder": asking(renewalReminderMail),
  "second-notice": asking(secondNoticeMail),
  "instalment-reminder": asking(lifeInstalmentMail),
  "instalment-overdue": asking(lifeInstalmentMail),
  lapsed: lapsedMail,
};

/**
 * The Treasurer's calendar, run once a day. For each annual member whose financial year has ended
 * unpaid: the renewal reminder (from 1 April, so within the first month), the second notice on the
 * day of removal (three months after the reminder), and the lapse after a year of arrears, mailed
 * with how to rejoin. For each life member with an instalment owed: a reminder within the last
 * month of the year of instalments, the notice when it has ended (removal counts from it), the
 * second notice at removal and the lapse (decision 0025). Each notice is recorded on the account
 * (`notices`, and `remindedOn` for the notices removal counts from) and its mail is a stored
 * submission whose id depends only on the member, the period and the kind: so a rerun, or a run
 * cut short between the two writes, never mails anyone twice, and a mail Resend did not take is
 * left to retry-mail. A notice whose mail cannot be made (nothing is due) is not recorded.
 */
export async function runMembershipReminders({
  now,
  origin,
  budgetMs = REMINDER_RUN_BUDGET_MS,
  clock = Date.now,
}: ReminderOptions): Promise<ReminderRun> {
  const deadline = clock() + budgetMs;
  const perSend = readEnv().RESEND_TIMEOUT_MS;
  const run: ReminderRun = {
    sent: Object.fromEntries(NOTICE_KINDS.map((kind) => [kind, 0])) as Record<NoticeKind, number>,
    pending: 0,
    looked: 0,
    left: 0,
  };
  const { blobs } = await members().list({ prefix: "account/" });
  for (const [index, { key }] of blobs.entries()) {
    if (deadline - clock() < LEAST_SEND_MS) {
      run.left = blobs.length - index;
      break;
    }
    run.looked++;
    const account = await getAccount(key.slice("account/".length));
    if (!account || !isVerified(account)) continue;
    const today = dayInIndia(now);
    const before = membershipOf(account, now);
    const notice = noticeFor(before, today, membershipContent());
    if (!notice) continue;
    const mark = `${notice.period}/${notice.kind}`;
    if (account.notices?.[mark]) continue;
    // The reminder, and a life member's notice that the instalment year has ended, start the count
    // to removal (remindedOn).
    const counts = notice.kind === "renewal-reminder" || notice.kind === "instalment-overdue";
    const marked: Account = {
      ...account,
      notices: { ...account.notices, [mark]: today },
      ...(counts ? { remindedOn: { ...account.remindedOn, [notice.period]: today } } : {}),
    };
    // The state with this notice's date, so the mail gives the removal date it starts.
    const state = membershipOf(marked, now);
    const mail = await MAILS[notice.kind](
      marked,
      state,
      paymentDue(state),
      membershipContent().bank,
      `${origin}/account/membership`,
    );
    // No mail, no record: removal counts only from a notice the member was sent.
    if (!mail) continue;
    const { submission, duplicate } = await storeSubmission(
      "membership-notice",
      { applicationId: account.applicationId, financialYear: notice.period, kind: notice.kind },
      { member: mail },
      noticeDay(notice, before),
    );
    if (!duplicate) {
      const budget = Math.min(perSend, deadline - clock());
      const delivered = await deliverPending(submission, budget, clock);
      if (delivered.mails.member?.status === "sent") run.sent[notice.kind]++;
      else run.pending++;
    }
    await saveAccount(marked);
  }
  return run;
}

/**
 * The day a notice's submission is filed under: the first day of the year it concerns (a life
 * fee's: the last day of its instalment year), not the day it was sent, so its id (and Resend's
 * idempotency key) is the same on every run.
 */
function noticeDay(notice: Notice, state: MembershipState): Date {
  if (notice.period === LIFE_NOTICE_PERIOD)
    return new Date(`${state.lifeFee?.lastDay ?? "1970-01-01"}T00:00:00Z`);
  const start = membershipContent().calendar.financialYearStartMonth;
  const year = financialYearFromLabel(notice.period, start) ?? 0;
  return new Date(`${financialYearStart(year, start)}T00:00:00Z`);
}
