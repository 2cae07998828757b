import { beforeAll, describe, expect, it, vi } from "vitest";
import { startDatabase } from "../../../tests/support/database.ts";
import { type AccountRow, getAccounts } from "../account/accounts.server.ts";
import { database } from "../db/database.server.ts";
import { applicationRow, listed } from "./applications.server.ts";
import { type OwingCounts, owingCounts } from "./membership-counts.server.ts";

/** A generator of the same numbers every run, so a failure can be replayed. */
function numbers(seed: number) {
  // mulberry32
  let state = seed;
  return (below: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return Math.floor((((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296) * below);
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const label = (year: number) => `${year}-${pad((year + 1) % 100)}`;

/**
 * What the rule itself says, member by member (membershipOf through the list's rows), of the
 * accounts the list's filters by these statuses consider: active ones.
 */
async function countedOneByOne(now: Date): Promise<OwingCounts> {
  const rows = await database()
    .selectFrom("accounts")
    .selectAll()
    .where("role", "is", null)
    .where("status", "=", "active")
    .execute();
  const counts: OwingCounts = { "renewal-due": 0, "instalment-overdue": 0, "in-arrears": 0 };
  for (const account of await getAccounts(rows as AccountRow[])) {
    const { status } = applicationRow(listed(account), now);
    if (status in counts) counts[status as keyof OwingCounts] += 1;
  }
  return counts;
}

describe("the overview's counts of members who owe", () => {
  vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });
  startDatabase();

  beforeAll(async () => {
    // Members of every kind with histories of every shape: renewals and applications paid in each
    // month (late joiners across 1 January and 31 March), rejoinings, references in another case,
    // with spaces, badly labelled or naming another application, members activated before payments
    // were recorded, reminders on days a month's end shortens, rejected and unconfirmed ones.
    const next = numbers(56);
    const memberships = ["1", "1", "1", "3", "2", "4", "", "9"];
    const accounts = Array.from({ length: 400 }, (_, i) => {
      const hex = pad(i, 10).replace(/./g, (digit, at) => (at === 0 ? "A" : digit));
      const activated = next(3) > 0;
      return {
        email: `member${i}@example.org`,
        name: `Member ${i}`,
        membership: memberships[next(memberships.length)] as string,
        application_id: `EN-${hex}`,
        submitted_at: new Date(Date.UTC(2019 + next(6), next(12), 1 + next(28))),
        status: activated ? ("active" as const) : ("pending-payment" as const),
        activated_at: activated ? new Date(Date.UTC(2019 + next(7), next(12), 1 + next(28), next(24))) : null,
        password_hash: "",
        ...(next(15) === 0
          ? { verification_nonce: `nonce-${i}-long`, verification_sent_at: new Date() }
          : {}),
      };
    });
    const made = await database()
      .insertInto("accounts")
      .values(accounts)
      .returning(["id", "application_id"])
      .execute();
    const payments = [];
    const notices = [];
    const rejections = [];
    for (const [i, account] of made.entries()) {
      const hex = (account.application_id as string).slice(3);
      const count = next(5);
      for (let k = 0; k < count; k++) {
        const year = 2019 + next(8);
        const paidIn = year + next(2);
        const day = [
          `${paidIn}-03-31`,
          `${paidIn}-01-01`,
          `${paidIn}-04-01`,
          `${paidIn}-${pad(1 + next(12))}-${pad(1 + next(28))}`,
        ][next(4)] as string;
        const shapes = [
          `ISGPB-EN-${hex}-${label(year)}`,
          `ISGPB-M-${hex}-${label(year)}`,
          `ISGPB-M-${hex}-${label(year)}`,
          `isgpb-m-${hex.toLowerCase()}-${label(year)}`,
          ` ISGPB-M-${hex}-${label(year)}`,
          `ISGPB-M-${hex}-${label(year)}\u00a0`,
          `ISGPB-EN-${hex}_${label(year)}`,
          `ISGPB-M-${hex}-${year}-${pad((year + 2) % 100)}`,
          `ISGPB-M-B${hex.slice(1)}-${label(year)}`,
          `ISGPB-EN-${hex}-L${1 + next(3)}`,
          `ISGPB-M-${hex}-L${1 + next(3)}`,
        ];
        payments.push({
          account_id: account.id,
          reference: shapes[next(shapes.length)] as string,
          amount: [null, 500, 1200, 3000, 6000, 2000, 1000, 700][next(8)] as number | null,
          paid_on: day,
          kind: [null, "renewal", "rejoin", "application", "instalment"][next(5)] as string | null,
          completes_fee: next(6) === 0,
          confirmed_at: new Date(`${day}T06:00:00Z`),
        });
      }
      for (let k = next(4); k > 0; k--) {
        const year = 2023 + next(4);
        notices.push({
          account_id: account.id,
          period: next(4) === 0 ? "life" : label(year),
          kind: ["renewal-reminder", "second-notice", "instalment-overdue"][k % 3] as string,
          sent_on: [`${year}-04-01`, `${year}-05-31`, `${year}-11-30`, `${year + 1}-01-31`][
            next(4)
          ] as string,
          counts_for_removal: next(3) > 0,
        });
      }
      if (i % 17 === 0)
        rejections.push({
          account_id: account.id,
          rejected_at: new Date("2024-01-01T00:00:00Z"),
          reason: "No fee",
          rejected_by: "office@example.org",
          ...(i % 34 === 0 ? { reopened_at: new Date("2024-02-01T00:00:00Z"), reopened_by: "office" } : {}),
        });
    }
    // And each boundary once: a rejoining received the day after its year and one in its year's last
    // months, a member activated (before payments were recorded) on 1 January in India but still 31
    // December in UTC, removal on its very day and on a day a month's end moved, a notice that does
    // not count for removal, two that do for one year.
    const cases: {
      activated?: string;
      paid: [string, string, string?][];
      notices?: [string, string, string, boolean][];
    }[] = [
      { paid: [["M", "2025-26", "2026-04-01"]] },
      { paid: [["M", "2025-26", "2026-02-10"]] },
      { activated: "2024-12-31T19:00:00Z", paid: [] },
      {
        paid: [["M", "2025-26", "2025-05-01"]],
        notices: [["2026-27", "renewal-reminder", "2026-04-01", true]],
      },
      {
        paid: [["M", "2024-25", "2024-05-01"]],
        notices: [["2025-26", "renewal-reminder", "2025-11-30", true]],
      },
      {
        paid: [["M", "2025-26", "2025-05-01"]],
        notices: [["2026-27", "second-notice", "2026-04-01", false]],
      },
      {
        paid: [["M", "2025-26", "2025-05-01"]],
        notices: [
          ["2026-27", "renewal-reminder", "2026-04-01", true],
          ["2026-27", "instalment-overdue", "2026-05-31", true],
        ],
      },
    ];
    for (const [n, boundary] of cases.entries()) {
      const hex = `C${pad(n, 9)}`;
      const [made] = await database()
        .insertInto("accounts")
        .values({
          email: `case${n}@example.org`,
          name: `Case ${n}`,
          membership: "1",
          application_id: `EN-${hex}`,
          submitted_at: new Date("2024-06-01T00:00:00Z"),
          status: "active",
          activated_at: new Date(boundary.activated ?? "2024-06-01T00:00:00Z"),
          password_hash: "",
        })
        .returning("id")
        .execute();
      const id = made?.id as string;
      for (const [kind, period, paidOn] of boundary.paid)
        payments.push({
          account_id: id,
          reference: `ISGPB-${kind}-${hex}-${period}`,
          amount: 500,
          paid_on: paidOn as string,
          kind: "rejoin",
          completes_fee: false,
          confirmed_at: new Date(`${paidOn}T06:00:00Z`),
        });
      for (const [period, kind, sentOn, counts] of boundary.notices ?? [])
        notices.push({ account_id: id, period, kind, sent_on: sentOn, counts_for_removal: counts });
    }
    // One reference per payment, as the table's key has it.
    const seen = new Set<string>();
    const unique = payments.filter(
      ({ reference }) =>
        !seen.has(reference.trim().toUpperCase()) && seen.add(reference.trim().toUpperCase()),
    );
    await database().insertInto("payments").values(unique).execute();
    const noticed = new Set<string>();
    const distinct = notices.filter((notice) => {
      const key = `${notice.account_id}/${notice.period}/${notice.kind}`;
      return !noticed.has(key) && noticed.add(key);
    });
    await database().insertInto("notices").values(distinct).execute();
    await database().insertInto("rejections").values(rejections).execute();
  });

  it("are what the rules say member by member, on any day", async () => {
    const days = [
      "2025-03-31T18:29:00Z",
      "2025-03-31T18:31:00Z",
      "2025-07-01T00:00:00Z",
      "2026-01-01T00:00:00Z",
      "2026-02-28T06:00:00Z",
      "2026-04-01T06:00:00Z",
      "2026-07-01T06:00:00Z",
      "2026-07-31T06:00:00Z",
      "2026-11-27T06:00:00Z",
      "2027-03-31T06:00:00Z",
      "2027-04-01T06:00:00Z",
      "2028-05-01T06:00:00Z",
    ];
    const seen = { "renewal-due": 0, "instalment-overdue": 0, "in-arrears": 0 };
    for (const day of days) {
      const now = new Date(day);
      const counts = await owingCounts(now);
      expect(counts, day).toEqual(await countedOneByOne(now));
      for (const key of Object.keys(seen) as (keyof OwingCounts)[]) seen[key] += counts[key];
    }
    // The cases were there to be counted.
    expect(seen["renewal-due"]).toBeGreaterThan(20);
    expect(seen["in-arrears"]).toBeGreaterThan(5);
    expect(seen["instalment-overdue"]).toBeGreaterThan(0);
  });
});
