import { type RawBuilder, sql } from "kysely";
import { dayInIndia, financialYearOf } from "#shared/membership/calendar.ts";
import { type AccountRow, getAccounts } from "../account/accounts.server.ts";
import { type Db, database } from "../db/database.server.ts";
import { membershipContent } from "../membership/membership-content.server.ts";
import { applicationRow, listed } from "./applications.server.ts";

/** The statuses the overview counts among members, each a list the workspace filters by. */
export type OwingCounts = { "renewal-due": number; "instalment-overdue": number; "in-arrears": number };

/**
 * How many members owe what today, by the members' side's rules (src/shared/membership/status.ts),
 * without reading every member: an annual member's status follows from the last financial year
 * their own payments pay for (the year a renewal's reference names; the year an application's
 * payment was received in, and the next one for a first payment received in the year's last
 * months) and the day they were reminded, which SQL derives from the payments with the content's
 * calendar, counting the whole membership at once. The rule itself (membershipOf) decides the
 * rest on the accounts it reads: life members (their fee and instalments), and any annual member
 * whose records SQL could misread (a reference outside printable ASCII, where case-folding and
 * trimming differ between SQL and the rule; two reminders counted for one year). A member from
 * the register counts its last year paid there as a year paid (status.ts's registerYears).
 * The members the counts concern: confirmed, active, no rejection standing (as the list's filter).
 */
export async function owingCounts(now = new Date(), db: Db = database()): Promise<OwingCounts> {
  const { types, calendar } = membershipContent();
  const annual = types.filter(({ rule }) => rule === "financial-year").map(({ value }) => value);
  const life = types.filter(({ rule }) => rule === "life").map(({ value }) => value);
  const today = dayInIndia(now);
  const start = calendar.financialYearStartMonth;
  const current = financialYearOf(today, start);
  const members = (values: string[]) => sql<boolean>`
    a.role IS NULL AND a.status = 'active' AND a.verification_nonce IS NULL
    AND a.membership = ANY(${values}::text[])
    AND a.id NOT IN (SELECT r.account_id FROM rejections r WHERE r.reopened_at IS NULL)`;
  // The financial year a label names, as financialYearFromLabel reads it ("2026-27"; "2026" when
  // the year is the calendar year). The label's form is already checked (payments.ref_form).
  const yearOfLabel = (label: RawBuilder<unknown>) => sql<number | null>`CASE
    WHEN ${start}::int = 1 THEN CASE WHEN length(${label}) = 4 THEN ${label}::int END
    WHEN length(${label}) = 7 AND substr(${label}, 6, 2) = lpad(((left(${label}, 4)::int + 1) % 100)::text, 2, '0')
      THEN left(${label}, 4)::int
    END`;
  const { rows } = await sql<{
    renewal_due: string;
    in_arrears: string;
    undecided: string[];
  }>`
    WITH candidates AS MATERIALIZED (
      SELECT a.id, a.application_id, a.activated_at, a.application_id ~ '^EN-[0-9A-F]{10}$' AS ours,
        -- Another account was merged into it: its payments name that account's application, which
        -- the rule reads (status.ts's ownPayments); SQL leaves such a member to it.
        EXISTS (SELECT 1 FROM account_merges m WHERE m.kept = a.id) AS kept_merge
      FROM accounts a WHERE ${members(annual)}
    ),
    -- Each payment's reference as parseReference reads it, kept on the row (payments.ref_*).
    received AS MATERIALIZED (
      SELECT p.account_id, c.application_id AS own_application, c.ours, p.paid_on, p.kind, (p.ref_odd OR c.kept_merge) AS odd,
        p.ref_form AS form, p.ref_application AS application, p.ref_period AS period
      FROM payments p JOIN candidates c ON c.id = p.account_id
      UNION ALL
      -- Activated before payments were recorded: its application's payment, on the day (in India)
      -- it was activated (membershipAccount).
      SELECT c.id, c.application_id, c.ours, ((c.activated_at AT TIME ZONE 'UTC') + interval '330 minutes')::date, NULL, false,
        'EN', c.application_id, '0000'
      FROM candidates c
      WHERE c.activated_at IS NOT NULL AND c.id NOT IN (SELECT p.account_id FROM payments p)
        AND c.id NOT IN (SELECT m.account_id FROM register_members m)
    ),
    own AS MATERIALIZED (
      SELECT r.account_id, r.odd, r.paid_on, (r.form = 'EN' OR coalesce(r.kind = 'rejoin', false)) AS first,
        CASE
          WHEN r.form IS NULL OR NOT r.ours OR r.application <> r.own_application THEN NULL
          WHEN r.form = 'EN'
            THEN extract(year FROM r.paid_on)::int - CASE WHEN extract(month FROM r.paid_on) < ${start}::int THEN 1 ELSE 0 END
          ELSE ${yearOfLabel(sql`r.period`)}
        END AS year
      FROM received r
      UNION ALL
      -- A member from the register (decision 0051): paid to the end of the register's last year
      -- paid (none: the year before joining), never a first payment.
      SELECT m.account_id, false, ${today}::date, false,
        coalesce(${yearOfLabel(sql`m.last_paid_year`)}, m.joined_year - 1)
      FROM register_members m JOIN candidates c ON c.id = m.account_id
    ),
    paid AS (
      SELECT account_id, bool_or(odd) AS odd, max(year + CASE
        WHEN first
          AND paid_on >= (make_date(year + 1, ${start}::int, 1) - make_interval(months => ${calendar.lateJoiningMonths}::int))::date
          AND paid_on < make_date(year + 1, ${start}::int, 1)
        THEN 1 ELSE 0 END) AS last
      FROM own GROUP BY account_id
    ),
    owing AS MATERIALIZED (
      SELECT p.account_id, p.last + 1 AS owed FROM paid p
      WHERE NOT p.odd AND p.last < ${current}::int
        AND make_date(p.last + 1 + ${calendar.lapseAfterYearsInArrears}::int, ${start}::int, 1) > ${today}::date
    ),
    reminded AS MATERIALIZED (
      SELECT o.account_id, count(n.sent_on) AS reminders,
        (min(n.sent_on) + make_interval(months => ${calendar.removalMonthsAfterReminder}::int))::date AS removal
      FROM owing o LEFT JOIN notices n ON n.account_id = o.account_id AND n.counts_for_removal
        AND n.period = CASE WHEN ${start}::int = 1 THEN lpad(o.owed::text, 4, '0')
          ELSE lpad(o.owed::text, 4, '0') || '-' || lpad(((o.owed + 1) % 100)::text, 2, '0') END
      GROUP BY o.account_id
    )
    SELECT
      count(*) FILTER (WHERE r.reminders <= 1 AND (r.removal IS NULL OR ${today}::date < r.removal)) AS renewal_due,
      count(*) FILTER (WHERE r.reminders <= 1 AND ${today}::date >= r.removal) AS in_arrears,
      coalesce((SELECT array_agg(r2.account_id) FROM reminded r2 WHERE r2.reminders > 1), '{}')
        || coalesce((SELECT array_agg(p.account_id) FROM paid p WHERE p.odd), '{}') AS undecided
    FROM reminded r`.execute(db);
  const [counted] = rows;
  const counts: OwingCounts = {
    "renewal-due": Number(counted?.renewal_due ?? 0),
    "instalment-overdue": 0,
    "in-arrears": Number(counted?.in_arrears ?? 0),
  };
  // The rest by the rule itself: life members, and the annual members SQL left undecided.
  const undecided = counted?.undecided ?? [];
  const others = await db
    .selectFrom("accounts as a")
    .selectAll("a")
    .where(sql<boolean>`(${members(life)}) OR a.id = ANY(${undecided}::uuid[])`)
    .execute();
  for (const account of await getAccounts(others as AccountRow[], db)) {
    const { status } = applicationRow(listed(account), now);
    if (status in counts) counts[status as keyof OwingCounts] += 1;
  }
  return counts;
}
