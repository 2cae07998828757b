import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Membership } from "#shared/schemas/membership.ts";
import { startDatabase } from "../../../tests/support/database.ts";
import { type AccountRow, getAccounts } from "../account/accounts.server.ts";
import { database } from "../db/database.server.ts";
import { applicationRow, listed } from "./applications.server.ts";
import { type OwingCounts, owingCounts } from "./membership-counts.server.ts";

/**
 * The overview counts life members in SQL (membership-counts.server.ts); the rule is
 * src/shared/membership/status.ts's `life`. Here each of the rule's edges is a member, with fees
 * the society has given (the content's are still placeholders), so a fee reached by its amounts
 * counts too: 6,000 for a plan applied for up to 2023-24, 7,200 from 2024-25.
 */
vi.mock("../membership/membership-content.server.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../membership/membership-content.server.ts")>();
  return {
    membershipContent: (): Membership => {
      const content = actual.membershipContent();
      return {
        ...content,
        fees: { ...content.fees, registration: [{ from: "2019-20", amount: 100 }] },
        types: content.types.map((type) =>
          type.rule === "life"
            ? {
                ...type,
                fees: [
                  { from: "2019-20", amount: 5900 },
                  { from: "2024-25", amount: 7100 },
                ],
              }
            : type,
        ),
      };
    },
  };
});

type Instalment = {
  period: string;
  paidOn: string;
  amount: number | null;
  completesFee?: boolean;
  lateReason?: string;
  /** The reference as typed, when it is not the member's own for `period`. */
  reference?: string;
};
type Case = {
  name: string;
  /** When the application was made (UTC): its financial year in India sets the fee. */
  applied?: string;
  membership?: string;
  /** Activated with no payment recorded (before payments were recorded). */
  legacy?: boolean;
  paid?: Instalment[];
  /** [kind, sent on, counts for removal] of the life fee's notices. */
  told?: [string, string, boolean][];
  /** The rule's status on 10 August 2025, which the case is there to show. */
  on10August2025: string;
};

const L = (period: string, paidOn: string, amount: number | null, more: Partial<Instalment> = {}) => ({
  period,
  paidOn,
  amount,
  ...more,
});
// Applied for in 2024-25 (7,200 due), two instalments paid: the year ends on 9 May 2025.
const half = [L("L1", "2024-05-10", 3000), L("L2", "2024-09-01", 3000)];

const CASES: Case[] = [
  {
    name: "paid in full at once",
    applied: "2023-06-01",
    paid: [L("L1", "2023-06-10", 6000)],
    on10August2025: "active",
  },
  { name: "short of a fee raised", paid: half, on10August2025: "instalment-overdue" },
  {
    name: "completed on the year's last day",
    paid: [...half, L("L3", "2025-05-09", 1200)],
    on10August2025: "active",
  },
  {
    name: "completed a day late",
    paid: [...half, L("L3", "2025-05-10", 1200)],
    on10August2025: "instalment-overdue",
  },
  {
    name: "a day late, accepted",
    paid: [...half, L("L3", "2025-05-10", 1200, { lateReason: "The bank held it" })],
    on10August2025: "active",
  },
  {
    name: "a fourth instalment in the year",
    paid: [
      L("L1", "2024-05-10", 1000),
      L("L2", "2024-06-10", 1000),
      L("L3", "2024-07-10", 1000),
      L("L4", "2024-08-10", 4200),
    ],
    on10August2025: "instalment-overdue",
  },
  {
    // The first three received count; on one day, the first recorded.
    name: "four on one day",
    paid: [
      L("L1", "2024-06-01", 5000),
      L("L2", "2024-06-01", 1000),
      L("L3", "2024-06-01", 100),
      L("L4", "2024-06-01", 1200),
    ],
    on10August2025: "instalment-overdue",
  },
  {
    name: "marked as completing",
    paid: [L("L1", "2024-05-10", 100, { completesFee: true })],
    on10August2025: "active",
  },
  { name: "recorded with no amount", paid: [L("L1", "2024-05-10", null)], on10August2025: "active" },
  {
    name: "marked as completing, but late and not accepted",
    paid: [L("L1", "2024-05-10", 1000), L("L2", "2025-06-01", 100, { completesFee: true })],
    on10August2025: "instalment-overdue",
  },
  {
    name: "told when the year ended",
    paid: half,
    told: [["instalment-overdue", "2025-05-10", true]],
    on10August2025: "in-arrears",
  },
  {
    // Removal would come after the lapse: the lapse comes first.
    name: "told late",
    paid: half,
    told: [["instalment-overdue", "2026-03-01", true]],
    on10August2025: "instalment-overdue",
  },
  {
    name: "a notice that does not count for removal",
    paid: half,
    told: [["instalment-reminder", "2025-04-10", false]],
    on10August2025: "instalment-overdue",
  },
  {
    // Which of them removal counts from is the rule's to say (SQL leaves the member to it); on
    // one day, either.
    name: "two notices counted for removal",
    paid: half,
    told: [
      ["instalment-overdue", "2025-05-10", true],
      ["second-notice", "2025-05-10", true],
    ],
    on10August2025: "in-arrears",
  },
  {
    // 29 February 2024 and twelve months: 28 February 2025, so the year's last day is the 27th.
    name: "a year from a leap day",
    applied: "2024-02-01",
    paid: [L("L1", "2024-02-29", 1000)],
    on10August2025: "instalment-overdue",
  },
  {
    name: "a reference outside ASCII",
    paid: [{ ...L("L1", "2024-05-10", 1000), reference: "own\u00a0" }],
    on10August2025: "instalment-overdue",
  },
  {
    name: "another application's reference",
    paid: [{ ...L("L1", "2024-05-10", 1000), reference: "ISGPB-EN-FFFFFFFFFF-L1" }],
    on10August2025: "pending-payment",
  },
  {
    name: "a year's reference, no instalment",
    paid: [L("2024-25", "2024-05-10", 1000)],
    on10August2025: "pending-payment",
  },
  { name: "activated before payments were recorded", legacy: true, on10August2025: "active" },
  {
    name: "applied before the first fee, paid it",
    applied: "2018-06-01",
    paid: [L("L1", "2018-06-10", 6000)],
    on10August2025: "active",
  },
  {
    name: "applied before the first fee, short",
    applied: "2018-06-01",
    paid: [L("L1", "2018-06-10", 5999)],
    on10August2025: "instalment-overdue",
  },
  // 23:59 and 00:01 on 1 April 2024 in India: the fee in force on either side of its change.
  {
    name: "applied the night before a fee change",
    applied: "2024-03-31T18:29:00Z",
    paid: [L("L1", "2024-04-10", 6000)],
    on10August2025: "active",
  },
  {
    name: "applied as a fee changed",
    applied: "2024-03-31T18:31:00Z",
    paid: [L("L1", "2024-04-10", 6000)],
    on10August2025: "instalment-overdue",
  },
  // Annual members beside them: renewal due, in arrears after the reminder, lapsed.
  {
    name: "annual, unpaid",
    membership: "1",
    paid: [L("2024-25", "2024-05-10", 500)],
    on10August2025: "renewal-due",
  },
  {
    name: "annual, reminded",
    membership: "1",
    paid: [L("2024-25", "2024-05-10", 500)],
    told: [["renewal-reminder", "2025-04-01", true]],
    on10August2025: "in-arrears",
  },
  {
    name: "annual, lapsed",
    membership: "1",
    paid: [L("2023-24", "2023-05-10", 500)],
    on10August2025: "lapsed",
  },
];

/** What the rule says, member by member, of the active members the overview counts. */
async function countedOneByOne(now: Date): Promise<OwingCounts> {
  const rows = await database().selectFrom("accounts").selectAll().where("status", "=", "active").execute();
  const counts: OwingCounts = { "renewal-due": 0, "instalment-overdue": 0, "in-arrears": 0 };
  for (const account of await getAccounts(rows as AccountRow[])) {
    const { status } = applicationRow(listed(account), now);
    if (status in counts) counts[status as keyof OwingCounts] += 1;
  }
  return counts;
}

describe("the overview's counts of life members", () => {
  startDatabase();
  const ids = new Map<string, string>();

  beforeAll(async () => {
    for (const [n, one] of CASES.entries()) {
      const hex = `D${String(n).padStart(9, "0")}`;
      const [made] = await database()
        .insertInto("accounts")
        .values({
          email: `life${n}@example.org`,
          name: one.name,
          membership: one.membership ?? "2",
          application_id: `EN-${hex}`,
          submitted_at: new Date(
            one.applied?.includes("T") ? one.applied : `${one.applied ?? "2024-05-01"}T06:00:00Z`,
          ),
          status: "active",
          activated_at: new Date("2024-05-10T06:00:00Z"),
          password_hash: "",
        })
        .returning("id")
        .execute();
      const id = made?.id as string;
      ids.set(one.name, id);
      // One at a time, so that ids follow the order received as listed.
      for (const [k, payment] of (one.paid ?? []).entries()) {
        const own = `ISGPB-${k === 0 ? `EN-${hex}` : `M-${hex}`}-${payment.period}`;
        await database()
          .insertInto("payments")
          .values({
            account_id: id,
            reference: payment.reference === "own\u00a0" ? `${own}\u00a0` : (payment.reference ?? own),
            amount: payment.amount,
            paid_on: payment.paidOn,
            kind: k === 0 ? "application" : one.membership === "1" ? "renewal" : "instalment",
            completes_fee: payment.completesFee === true,
            late_reason: payment.lateReason ?? null,
            confirmed_at: new Date(`${payment.paidOn}T06:00:00Z`),
          })
          .execute();
      }
      for (const [kind, sentOn, counts] of one.told ?? [])
        await database()
          .insertInto("notices")
          .values({
            account_id: id,
            period: one.membership === "1" ? "2025-26" : "life",
            kind,
            sent_on: sentOn,
            counts_for_removal: counts,
          })
          .execute();
    }
  });

  it("are the cases they say they are, by the rule", async () => {
    const rows = await database().selectFrom("accounts").selectAll().execute();
    const statuses = Object.fromEntries(
      (await getAccounts(rows as AccountRow[])).map((account) => [
        account.name,
        applicationRow(listed(account), new Date("2025-08-10T06:00:00Z")).status,
      ]),
    );
    expect(statuses).toEqual(Object.fromEntries(CASES.map((one) => [one.name, one.on10August2025])));
  });

  it("are what the rule says member by member, on each day an edge falls", async () => {
    const days = [
      "2025-02-27T06:00:00Z",
      "2025-02-28T06:00:00Z",
      "2025-05-09T06:00:00Z",
      "2025-05-09T18:31:00Z",
      "2025-05-10T06:00:00Z",
      "2025-06-30T06:00:00Z",
      "2025-07-01T06:00:00Z",
      "2025-08-09T06:00:00Z",
      "2025-08-10T06:00:00Z",
      "2026-03-01T06:00:00Z",
      "2026-03-31T06:00:00Z",
      "2026-04-01T06:00:00Z",
      "2026-05-09T06:00:00Z",
      "2026-05-10T06:00:00Z",
      "2026-06-01T06:00:00Z",
      "2027-01-01T06:00:00Z",
    ];
    for (const day of days) {
      const now = new Date(day);
      expect(await owingCounts(now), day).toEqual(await countedOneByOne(now));
    }
  });
});
