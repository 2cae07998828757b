import { sql } from "kysely";
import {
  dayInIndia,
  financialYearFromLabel,
  financialYearLabel,
  financialYearOf,
  financialYearStart,
} from "#shared/membership/calendar.ts";
import {
  LIFE_NOTICE_PERIOD,
  type MembershipState,
  NOTICE_KINDS,
  type Notice,
  type NoticeKind,
  noticeFor,
} from "#shared/membership/status.ts";
import { type Account, type AccountRow, getAccounts } from "../account/accounts.server.ts";
import { withContent } from "../content/page-content.server.ts";
import { type Db, database, inTransaction } from "../db/database.server.ts";
import type { Mail } from "../mail/mail.server.ts";
import { deliverDue, queueMails, type SenderRun } from "../mail/outbox.server.ts";
import { applicationIdOfData, mailKey, submissionId } from "../submissions.server.ts";
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
/** Below this much time left, no batch of notices is started. */
const LEAST_BATCH_MS = 200;
/** Notices recorded (and their mails queued) together in one transaction. */
const NOTICE_BATCH = 250;

export type ReminderOptions = {
  /** The day the schedule acts on: the real time in the deployed function, a chosen one in tests. */
  now: Date;
  /** The site's address for the links in the mails. */
  origin: string;
  budgetMs?: number;
  /** Measures the run's own time (the deadline), whatever `now` says. */
  clock?: () => number;
};

/**
 * What a run did: the notices it recorded, each with its mail queued, by kind; how many members it
 * found that may be due one (`looked`); how many it left for the next run (its budget spent); and
 * what the outbox's sender then delivered in the time left.
 */
export type ReminderRun = {
  recorded: Record<NoticeKind, number>;
  looked: number;
  left: number;
  delivery: SenderRun;
};

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
 * second notice at removal and the lapse (decision 0025).
 *
 * One query finds the members who may be due a notice today (dueMembers); the status rules say
 * which notice each is due. Each notice is a `notices` row (its key: account, period, kind) written
 * in one transaction with its mail's submission and outbox row, so a rerun, or two runs at once,
 * record and mail each notice once; a notice whose mail cannot be made (nothing is due) is not
 * recorded. Notices are recorded a batch at a time; the outbox's sender delivers the mails in
 * Resend's batches in the time left, and retry-mail the rest.
 */
export const runMembershipReminders = (options: ReminderOptions): Promise<ReminderRun> =>
  // The whole run reads one snapshot of the content: the fees, the calendar, the bank details.
  withContent(() => remind(options));

/** A notice due today, with its mail, ready to be recorded. */
type DueNotice = { account: Account; notice: Notice; mail: Mail; day: Date; sentOn: string };

async function remind({
  now,
  origin,
  budgetMs = REMINDER_RUN_BUDGET_MS,
  clock = Date.now,
}: ReminderOptions): Promise<ReminderRun> {
  const deadline = clock() + budgetMs;
  const run: ReminderRun = {
    recorded: Object.fromEntries(NOTICE_KINDS.map((kind) => [kind, 0])) as Record<NoticeKind, number>,
    looked: 0,
    left: 0,
    delivery: { sent: 0, failed: 0, batches: 0, left: 0 },
  };
  const members = await dueMembers(now);
  run.looked = members.length;
  // A batch's mails are rendered while the batch before it is written: the run waits on the
  // database and on the processor at once, not in turn.
  let writing: Promise<void> = Promise.resolve();
  for (let start = 0; start < members.length; start += NOTICE_BATCH) {
    if (deadline - clock() < LEAST_BATCH_MS) {
      run.left = members.length - start;
      break;
    }
    const due: DueNotice[] = [];
    for (const account of members.slice(start, start + NOTICE_BATCH)) {
      const notice = await noticeDue(account, now, origin);
      if (notice) due.push(notice);
    }
    await writing;
    writing = recordNotices(due).then((kinds) => {
      for (const kind of kinds) run.recorded[kind]++;
    });
  }
  await writing;
  const remaining = deadline - clock();
  if (remaining > 0) run.delivery = await deliverDue({ budgetMs: remaining, clock });
  return run;
}

/**
 * The members who may be due a notice today, in one query: confirmed accounts of a membership type
 * with a calendar (annual or life), active, that are neither paid for this financial year (a
 * payment under its reference) nor lapsed with nothing paid since (their lapse is recorded); with
 * their payments, notices and rejections read together. The status rules decide the rest.
 */
async function dueMembers(now: Date, db: Db = database()): Promise<Account[]> {
  const rules = membershipContent();
  const start = rules.calendar.financialYearStartMonth;
  const thisYear = financialYearLabel(financialYearOf(dayInIndia(now), start), start);
  const annual = rules.types.filter((type) => type.rule === "financial-year").map((type) => type.value);
  const life = rules.types.filter((type) => type.rule === "life").map((type) => type.value);
  if (annual.length + life.length === 0) return [];
  const rows = await db
    .selectFrom("accounts")
    .selectAll()
    .where("role", "is", null)
    .where("verification_nonce", "is", null)
    .where("status", "=", "active")
    .where((where) =>
      where.or([
        ...(annual.length > 0
          ? [
              where.and([
                where("membership", "in", annual),
                where.not(
                  where.exists(
                    where
                      .selectFrom("payments")
                      .select("payments.id")
                      .whereRef("payments.account_id", "=", "accounts.id")
                      .where("payments.reference", "like", `%-${thisYear}`),
                  ),
                ),
              ]),
            ]
          : []),
        ...(life.length > 0 ? [where("membership", "in", life)] : []),
      ]),
    )
    .where((where) =>
      where.not(
        where.exists(
          where
            .selectFrom("notices")
            .select("notices.account_id")
            .whereRef("notices.account_id", "=", "accounts.id")
            .where("notices.kind", "=", "lapsed")
            .where(
              sql<boolean>`NOT EXISTS (SELECT 1 FROM payments WHERE payments.account_id = notices.account_id AND payments.paid_on >= notices.sent_on)`,
              "=",
              true,
            ),
        ),
      ),
    )
    .orderBy("id")
    .execute();
  return getAccounts(rows as AccountRow[], db);
}

/** The notice the member is due today, with its mail, unless it is recorded already or nothing is due. */
async function noticeDue(account: Account, now: Date, origin: string): Promise<DueNotice | null> {
  const today = dayInIndia(now);
  const before = membershipOf(account, now);
  const notice = noticeFor(before, today, membershipContent());
  if (!notice || account.notices?.[`${notice.period}/${notice.kind}`]) return null;
  // The reminder, and a life member's notice that the instalment year has ended, start the count
  // to removal (remindedOn).
  const marked: Account = {
    ...account,
    notices: { ...account.notices, [`${notice.period}/${notice.kind}`]: today },
    ...(countsForRemoval(notice) ? { remindedOn: { ...account.remindedOn, [notice.period]: today } } : {}),
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
  return mail ? { account, notice, mail, day: noticeDay(notice, before), sentOn: today } : null;
}

const countsForRemoval = (notice: Notice) =>
  notice.kind === "renewal-reminder" || notice.kind === "instalment-overdue";

/**
 * Records the notices in one transaction, each with its mail: the notice rows first (their key
 * decides: one already there, from another run at the same moment too, is skipped), then the
 * submissions and the outbox rows of those this call recorded. Answers their kinds.
 */
async function recordNotices(due: DueNotice[]): Promise<NoticeKind[]> {
  if (due.length === 0) return [];
  return inTransaction(async (tx) => {
    const inserted = await tx
      .insertInto("notices")
      .values(
        due.map(({ account, notice, sentOn }) => ({
          account_id: account.key,
          period: notice.period,
          kind: notice.kind,
          sent_on: sentOn,
          counts_for_removal: countsForRemoval(notice),
        })),
      )
      .onConflict((conflict) => conflict.columns(["account_id", "period", "kind"]).doNothing())
      .returning(["account_id", "period", "kind"])
      .execute();
    const recorded = new Set(inserted.map((row) => `${row.account_id}/${row.period}/${row.kind}`));
    const mine = due.filter(({ account, notice }) =>
      recorded.has(`${account.key}/${notice.period}/${notice.kind}`),
    );
    if (mine.length === 0) return [];
    // The submission's id depends only on the member, the period and the kind (and the day it is
    // filed under, the year's), so its mail's key is the same on every run.
    const records = mine.map(({ account, notice, mail, day }) => {
      const data = { applicationId: account.applicationId, financialYear: notice.period, kind: notice.kind };
      return { id: submissionId("membership-notice", data, day), data, day, mail };
    });
    const stored = await tx
      .insertInto("submissions")
      .values(
        records.map(({ id, data, day }) => ({
          kind: "membership-notice",
          id,
          received_at: day,
          application_id: applicationIdOfData(data),
          data: JSON.stringify(data),
        })),
      )
      .onConflict((conflict) => conflict.columns(["kind", "id"]).doNothing())
      .returning("id")
      .execute();
    const fresh = new Set(stored.map((row) => row.id));
    await queueMails(
      tx,
      records
        .filter(({ id }) => fresh.has(id))
        .map(({ id, mail }) => ({
          key: mailKey("membership-notice", id, "member"),
          name: "member",
          mail,
          submission: { kind: "membership-notice", id },
        })),
    );
    return mine.map(({ notice }) => notice.kind);
  });
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
