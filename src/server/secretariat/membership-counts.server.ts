import { type RawBuilder, sql } from "kysely";
import { sumOf } from "#shared/membership/amount.ts";
import { dayInIndia, financialYearFromLabel, financialYearOf } from "#shared/membership/calendar.ts";
import { feeInForce } from "#shared/membership/fees.ts";
import { LIFE_NOTICE_PERIOD } from "#shared/membership/status.ts";
import type { Membership } from "#shared/schemas/membership.ts";
import { type AccountRow, getAccounts } from "../account/accounts.server.ts";
import { type Db, database } from "../db/database.server.ts";
import { membershipContent } from "../membership/membership-content.server.ts";
import { applicationRow, listed } from "./applications.server.ts";

/** The statuses the overview counts among members, each a list the workspace filters by. */
export type OwingCounts = { "renewal-due": number; "instalment-overdue": number; "in-arrears": number };

/**
 * A life type's fee (registration and life fee) by the financial year applied in, as steps for
 * SQL: from each year a fee changed, the total then in force (null: to be announced). The first
 * step is moved back to year -1 because feeInForce gives a year before the schedule its first
 * entry's fee; every applied year is later, so every account finds its step.
 */
function lifeFeeSteps(content: Membership, life: string[]) {
  const start = content.calendar.financialYearStartMonth;
  const steps = { membership: [] as string[], year: [] as number[], total: [] as (number | null)[] };
  for (const type of content.types.filter(({ value }) => life.includes(value))) {
    // A life type has fees (only an honorary type has none).
    const fees = type.fees ?? [];
    const yearOf = ({ from }: { from: string }) => financialYearFromLabel(from, start) ?? 0;
    const years = [...new Set([...content.fees.registration, ...fees].map(yearOf))].sort((a, b) => a - b);
    for (const [index, year] of years.entries()) {
      const total = sumOf([
        feeInForce(content.fees.registration, year, start),
        feeInForce(fees, year, start),
      ]);
      steps.membership.push(type.value);
      steps.year.push(index === 0 ? -1 : year);
      steps.total.push(typeof total === "number" ? total : null);
    }
  }
  return steps;
}

/**
 * How many members owe what today, by the members' side's rules (src/shared/membership/status.ts),
 * without reading every member: SQL derives each member's state from the payments with the
 * content's calendar and fees, counting the whole membership in one statement.
 * - An annual member's status follows from the last financial year their own payments pay for (the
 *   year a renewal's reference names; the year an application's payment was received in, and the
 *   next one for a first payment received in the year's last months) and the day they were reminded.
 * - A life member owes only while the life fee is incomplete after its instalment year (a year from
 *   the first instalment): complete once an instalment that counts (one of the first
 *   `lifeInstalments` within the year, or one accepted late) is marked as completing it or has no
 *   amount, or the amounts that count reach the fee in force for the year applied in. Removal
 *   counts from the notice that the year ended; the lapse comes a year after it ended.
 * The rule itself (membershipOf) decides the members whose records SQL could misread, on the
 * accounts it reads: a reference outside printable ASCII (where case-folding and trimming differ
 * between SQL and the rule), two notices counted for removal for one period, a life member still
 * owing on the register, an account another was merged into. A member from the register counts
 * the register's last year paid as a year paid (status.ts's registerYears; decision 0051).
 * The members the counts concern: confirmed, active, no rejection standing (as the list's filter),
 * their application id one a payment reference can name (no other has payments of its own).
 */
export async function owingCounts(now = new Date(), db: Db = database()): Promise<OwingCounts> {
  const content = membershipContent();
  const { types, calendar, fees } = content;
  const annual = types.filter(({ rule }) => rule === "financial-year").map(({ value }) => value);
  const life = types.filter(({ rule }) => rule === "life").map(({ value }) => value);
  const steps = lifeFeeSteps(content, life);
  const today = dayInIndia(now);
  const start = calendar.financialYearStartMonth;
  const current = financialYearOf(today, start);
  // The financial year a day falls in, and the one a label names, as financialYearFromLabel reads
  // it ("2026-27"; "2026" when the year is the calendar year). The label's form is already checked
  // (payments.ref_form).
  const yearOfDay = (day: RawBuilder<unknown>) =>
    sql<number>`(extract(year FROM ${day})::int - CASE WHEN extract(month FROM ${day}) < ${start}::int THEN 1 ELSE 0 END)`;
  const yearOfLabel = (label: RawBuilder<unknown>) => sql<number | null>`CASE
    WHEN ${start}::int = 1 THEN CASE WHEN length(${label}) = 4 THEN ${label}::int END
    WHEN length(${label}) = 7 AND substr(${label}, 6, 2) = lpad(((left(${label}, 4)::int + 1) % 100)::text, 2, '0')
      THEN left(${label}, 4)::int
    END`;
  // A first payment (the application's, or a rejoining) received in its year's last months also
  // pays for the next year.
  const lateJoining = (year: RawBuilder<unknown>, paidOn: RawBuilder<unknown>) => sql<number>`CASE
    WHEN ${paidOn} >= (make_date(${year} + 1, ${start}::int, 1) - make_interval(months => ${calendar.lateJoiningMonths}::int))::date
      AND ${paidOn} < make_date(${year} + 1, ${start}::int, 1)
    THEN 1 ELSE 0 END`;
  // The last year a first payment received on a day pays for: its own, and the next one too when
  // received in its last months (lateJoining with the day's own year). The day that many months
  // later falls in the next year exactly then, so it is that day's year: one reading of the day,
  // not one per comparison.
  const yearPaidFrom = (day: RawBuilder<unknown>) =>
    yearOfDay(sql`(${day} + make_interval(months => ${calendar.lateJoiningMonths}::int))::date`);
  const inIndia = (at: RawBuilder<unknown>) =>
    sql`((${at} AT TIME ZONE 'UTC') + interval '330 minutes')::date`;
  const periodOf = (
    year: RawBuilder<unknown>,
  ) => sql<string>`CASE WHEN ${start}::int = 1 THEN lpad(${year}::text, 4, '0')
    ELSE lpad(${year}::text, 4, '0') || '-' || lpad(((${year} + 1) % 100)::text, 2, '0') END`;
  const { rows } = await sql<{
    renewal_due: string;
    instalment_overdue: string;
    in_arrears: string;
    undecided: string[];
  }>`
    WITH members AS MATERIALIZED (
      SELECT a.id, a.application_id, a.activated_at, a.membership, a.submitted_at,
        a.membership = ANY(${life}::text[]) AS life,
        -- A member from the register (decision 0051): paid to the end of the register's last year
        -- paid (none: the year before joining); a life member still owing on the register runs
        -- its instalments from the register's figure, which the rule decides.
        rm.account_id IS NOT NULL AS register,
        CASE WHEN rm.account_id IS NOT NULL THEN coalesce(${yearOfLabel(sql`rm.last_paid_year`)}, rm.joined_year - 1) END AS register_last,
        coalesce(rm.life_owed, 0) > 0 AS register_owes,
        -- Another account was merged into it: its payments name that account's application, which
        -- the rule reads (status.ts's ownPayments); SQL leaves such a member to it.
        a.id IN (SELECT k.kept FROM account_merges k) AS kept_merge
      FROM accounts a LEFT JOIN register_members rm ON rm.account_id = a.id
      WHERE a.role IS NULL AND a.status = 'active' AND a.verification_nonce IS NULL
        AND a.membership = ANY(${[...annual, ...life]}::text[])
        AND a.application_id ~ '^EN-[0-9A-F]{10}$'
        AND a.id NOT IN (SELECT r.account_id FROM rejections r WHERE r.reopened_at IS NULL)
        -- Merged into another: that person's record is the kept account's.
        AND a.id NOT IN (SELECT g.merged FROM account_merges g)
    ),
    -- Every member's payments at once: whether any reference is outside printable ASCII, and for
    -- an annual member what their own payments (a reference naming their application, as
    -- parseReference reads it and payments.ref_* keep it) pay for, in three kinds, each a maximum.
    -- The application's (an EN- reference) pays for the year it was received in, and for the next
    -- one too when received in that year's last months: the later received, the later the year, so
    -- the last received says the last year. A renewal pays for the year its label names: labels of
    -- one form order as their years, so the greatest label names the last year (unless it is no
    -- year at all, which the rule then decides). A rejoining pays for its label's year, and the next
    -- one when received in that year's last months: each is worked out.
    -- The payments are summed up by account and the application they name in one pass over them,
    -- before any member is joined: a member then meets a row or two, not every payment.
    by_reference AS (
      SELECT p.account_id, p.ref_application, count(*) AS payments, bool_or(p.ref_odd) AS odd,
        max(p.paid_on) FILTER (WHERE p.ref_form = 'EN') AS application_paid_on,
        max(p.ref_period COLLATE "C") FILTER (WHERE p.ref_form = 'M' AND p.kind IS DISTINCT FROM 'rejoin'
          AND length(p.ref_period) = ${start === 1 ? 4 : 7}) AS renewal_label,
        max(${yearOfLabel(sql`p.ref_period`)} + ${lateJoining(yearOfLabel(sql`p.ref_period`), sql`p.paid_on`)})
          FILTER (WHERE p.ref_form = 'M' AND p.kind = 'rejoin') AS rejoined_last
      FROM payments p
      GROUP BY p.account_id, p.ref_application
    ),
    paid AS MATERIALIZED (
      SELECT m.id AS account_id, m.life, m.activated_at, m.register, m.register_last,
        coalesce(sum(b.payments), 0) AS payments,
        coalesce(bool_or(b.odd), false) OR m.kept_merge AS odd,
        max(b.application_paid_on) FILTER (WHERE own) AS application_paid_on,
        max(b.renewal_label) FILTER (WHERE own) AS renewal_label,
        max(b.rejoined_last) FILTER (WHERE own) AS rejoined_last
      FROM members m LEFT JOIN by_reference b ON b.account_id = m.id
        CROSS JOIN LATERAL (SELECT NOT m.life AND b.ref_application = m.application_id AS own) o
      GROUP BY m.id, m.life, m.activated_at, m.register, m.register_last, m.kept_merge
    ),
    last_paid AS (
      SELECT account_id, odd, label_year IS NULL AND renewal_label IS NOT NULL AS unreadable,
        greatest(${yearPaidFrom(sql`application_paid_on`)},
          label_year, rejoined_last, register_last,
          -- Activated before payments were recorded: its application's payment, on the day (in
          -- India) it was activated (membershipAccount). Not a member from the register, whose
          -- account's activation is the import's.
          CASE WHEN payments = 0 AND NOT register THEN ${yearPaidFrom(inIndia(sql`activated_at`))} END) AS last
      FROM (SELECT paid.*, ${yearOfLabel(sql`renewal_label`)} AS label_year FROM paid WHERE NOT life) annual
    ),
    owing AS MATERIALIZED (
      SELECT account_id, last + 1 AS owed FROM last_paid
      WHERE NOT odd AND NOT unreadable AND last < ${current}::int
        AND make_date(last + 1 + ${calendar.lapseAfterYearsInArrears}::int, ${start}::int, 1) > ${today}::date
    ),
    reminded AS MATERIALIZED (
      SELECT o.account_id, count(n.sent_on) AS reminders,
        (min(n.sent_on) + make_interval(months => ${calendar.removalMonthsAfterReminder}::int))::date AS removal
      FROM owing o LEFT JOIN notices n ON n.account_id = o.account_id AND n.counts_for_removal
        AND n.period = ${periodOf(sql`o.owed`)}
      GROUP BY o.account_id
    ),
    -- Life members: their instalments (their own references for L1, L2, …) in the order received.
    instalments AS (
      SELECT p.account_id, p.paid_on, p.amount, p.completes_fee, coalesce(p.late_reason, '') <> '' AS accepted_late,
        row_number() OVER (PARTITION BY p.account_id ORDER BY p.paid_on, p.id) AS number,
        (min(p.paid_on) OVER (PARTITION BY p.account_id) + make_interval(months => ${fees.lifeInstalmentMonths}::int))::date - 1 AS last_day
      FROM members m JOIN payments p ON p.account_id = m.id
      WHERE m.life AND p.ref_form IS NOT NULL AND p.ref_application = m.application_id AND p.ref_period LIKE 'L_'
    ),
    -- What counts: the first instalments within the year, up to the number allowed, and any
    -- accepted late.
    life_fees AS (
      SELECT account_id, min(last_day) AS last_day,
        coalesce(bool_or(completes_fee OR amount IS NULL) FILTER (WHERE counts), false) AS marked,
        coalesce(sum(amount) FILTER (WHERE counts), 0) AS paid
      FROM (
        SELECT i.*, (i.number <= ${fees.lifeInstalments}::int AND i.paid_on <= i.last_day) OR i.accepted_late AS counts
        FROM instalments i
      ) counted
      GROUP BY account_id
    ),
    life_owing AS (
      SELECT f.account_id, f.last_day FROM life_fees f JOIN members m ON m.id = f.account_id
      WHERE f.last_day < ${today}::date AND NOT f.marked
        AND NOT coalesce(f.paid >= (
          SELECT t.total FROM unnest(${steps.membership}::text[], ${steps.year}::int[], ${steps.total}::numeric[])
            AS t(membership, year, total)
          WHERE t.membership = m.membership AND t.year <= ${yearOfDay(inIndia(sql`m.submitted_at`))}
          ORDER BY t.year DESC LIMIT 1), false)
    ),
    life_told AS MATERIALIZED (
      SELECT o.account_id, count(n.sent_on) AS notices,
        (min(n.sent_on) + make_interval(months => ${calendar.removalMonthsAfterReminder}::int))::date AS removal,
        (o.last_day + 1 + make_interval(months => 12 * ${calendar.lapseAfterYearsInArrears}::int))::date AS lapses
      FROM life_owing o LEFT JOIN notices n ON n.account_id = o.account_id AND n.counts_for_removal
        AND n.period = ${LIFE_NOTICE_PERIOD}
      GROUP BY o.account_id, o.last_day
    ),
    -- The members the rule decides: a reference outside printable ASCII (whatever SQL made of it),
    -- a renewal's greatest label that names no year.
    undecided AS MATERIALIZED (
      SELECT account_id FROM paid WHERE odd
      UNION SELECT account_id FROM last_paid WHERE unreadable
      UNION SELECT id FROM members WHERE life AND (register_owes OR kept_merge)
    )
    SELECT
      (SELECT count(*) FROM reminded r WHERE r.reminders <= 1 AND (r.removal IS NULL OR ${today}::date < r.removal))
        AS renewal_due,
      (SELECT count(*) FROM life_told t
        WHERE (t.notices = 0 OR (t.notices = 1 AND ${today}::date < t.removal AND ${today}::date < t.lapses))
        AND t.account_id NOT IN (SELECT account_id FROM undecided)) AS instalment_overdue,
      (SELECT count(*) FROM reminded r WHERE r.reminders <= 1 AND ${today}::date >= r.removal)
        + (SELECT count(*) FROM life_told t
          WHERE t.notices = 1 AND ${today}::date >= t.removal AND ${today}::date < t.lapses
          AND t.account_id NOT IN (SELECT account_id FROM undecided)) AS in_arrears,
      ARRAY(SELECT r.account_id FROM reminded r WHERE r.reminders > 1
        UNION SELECT t.account_id FROM life_told t WHERE t.notices > 1
        UNION SELECT u.account_id FROM undecided u) AS undecided`.execute(db);
  const [counted] = rows;
  const counts: OwingCounts = {
    "renewal-due": Number(counted?.renewal_due ?? 0),
    "instalment-overdue": Number(counted?.instalment_overdue ?? 0),
    "in-arrears": Number(counted?.in_arrears ?? 0),
  };
  // The rest by the rule itself: the members SQL left undecided (none, as a rule).
  const undecided = counted?.undecided ?? [];
  if (undecided.length === 0) return counts;
  const others = await db.selectFrom("accounts").selectAll().where("id", "in", undecided).execute();
  for (const account of await getAccounts(others as AccountRow[], db)) {
    const { status } = applicationRow(listed(account), now);
    if (status in counts) counts[status as keyof OwingCounts] += 1;
  }
  return counts;
}
