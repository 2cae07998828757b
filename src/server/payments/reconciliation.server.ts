import { addDays, DAY_PATTERN, type Day, dayInIndia } from "#shared/membership/calendar.ts";
import { database } from "../db/database.server.ts";
import { spreadsheetCsv } from "../spreadsheet-csv.server.ts";
import { type RazorpayApi, type SettledItem, settledOn } from "./razorpay.server.ts";

/**
 * The month's check a treasurer makes (decision 0055): what the ledger says Razorpay took and gave
 * back in a range of days, beside what Razorpay's settlement report says it settled. Matched by
 * Razorpay's ids: a payment by its pay_…, a refund by its rfnd_…. A payment is in the range by the
 * day it was made; Razorpay settles it days later, so the report is read up to a week past the range.
 */

/** The longest range one reconciliation reads: a day's report is one call or more to Razorpay. */
export const MAX_RANGE_DAYS = 31;
/** How long after a payment Razorpay may settle it (T+2 working days, and holidays). */
const SETTLEMENT_LAG_DAYS = 7;

export type RangeAnswer =
  | { ok: true; from: Day; to: Day }
  | { ok: false; values: { from: string; to: string }; errors: { from?: string; to?: string } };

/** The range an address asks for (?from=&to=), each problem beside its field. */
export function readRange(search: URLSearchParams, today: Day): RangeAnswer {
  const from = search.get("from") ?? "";
  const to = search.get("to") ?? "";
  const errors: { from?: string; to?: string } = {};
  if (!DAY_PATTERN.test(from)) errors.from = "Give the first day as a date";
  if (!DAY_PATTERN.test(to)) errors.to = "Give the last day as a date";
  else if (to > today) errors.to = "The last day must not be after today";
  if (!errors.from && !errors.to) {
    if (from > to) errors.to = "The last day must not be before the first";
    else if (addDays(from, MAX_RANGE_DAYS - 1) < to) errors.to = `At most ${MAX_RANGE_DAYS} days at a time`;
  }
  return Object.keys(errors).length > 0
    ? { ok: false, values: { from, to }, errors }
    : { ok: true, from, to };
}

export type ReconStatus = "matched" | "amount-differs" | "missing-in-ledger" | "missing-at-razorpay";

export const STATUS_LABELS: Record<ReconStatus, string> = {
  matched: "Matched",
  "amount-differs": "Amount differs",
  "missing-in-ledger": "Settled by Razorpay, not in the ledger",
  "missing-at-razorpay": "In the ledger, not settled by Razorpay",
};

export type ReconLine = {
  status: ReconStatus;
  kind: "payment" | "refund";
  razorpayId: string;
  /** The ledger's payment reference and member, when the ledger has it. */
  reference: string | null;
  name: string | null;
  ledgerAmount: number | null;
  razorpayAmount: number | null;
  fee: number | null;
  settledOn: Day | null;
  utr: string | null;
};

type LedgerEntry = {
  kind: "payment" | "refund";
  id: string;
  amount: number;
  reference: string | null;
  name: string | null;
};

/** The ledger's online payments received, and Razorpay refunds made, in the range. */
async function ledgerEntries(from: Day, to: Day): Promise<LedgerEntry[]> {
  const db = database();
  const [payments, refunds] = await Promise.all([
    db
      .selectFrom("payments")
      .innerJoin("accounts", "accounts.id", "payments.account_id")
      .select([
        "payments.razorpay_payment_id as id",
        "payments.amount",
        "payments.reference",
        "accounts.name",
      ])
      .where("payments.razorpay_payment_id", "is not", null)
      .where("payments.paid_on", ">=", from)
      .where("payments.paid_on", "<=", to)
      .execute(),
    db
      .selectFrom("refunds")
      .leftJoin("payments", "payments.id", "refunds.payment_id")
      .leftJoin("accounts", "accounts.id", "refunds.account_id")
      .select([
        "refunds.refund_reference as id",
        "refunds.amount",
        "payments.reference",
        "accounts.name",
        "refunds.refunded_at",
      ])
      .where("refunds.method", "=", "razorpay")
      .execute(),
  ]);
  return [
    ...payments.map((row) => ({
      kind: "payment" as const,
      id: row.id ?? "",
      amount: row.amount ?? 0,
      reference: row.reference,
      name: row.name,
    })),
    ...refunds
      .filter((row) => {
        const day = dayInIndia(row.refunded_at);
        return day >= from && day <= to;
      })
      .map((row) => ({
        kind: "refund" as const,
        id: row.id ?? "",
        amount: row.amount,
        reference: row.reference,
        name: row.name,
      })),
  ];
}

/** Everything Razorpay settled for payments made, and refunds made, in the range. */
async function settledEntries(api: RazorpayApi, from: Day, to: Day, today: Day): Promise<SettledItem[]> {
  const last = addDays(to, SETTLEMENT_LAG_DAYS) < today ? addDays(to, SETTLEMENT_LAG_DAYS) : today;
  const days: Day[] = [];
  for (let day = from; day <= last; day = addDays(day, 1)) days.push(day);
  const reports = [];
  // One day after another: Razorpay's rate limit is per key, and a month is about 40 calls.
  for (const day of days) {
    const [year, month, date] = day.split("-").map(Number) as [number, number, number];
    reports.push(await settledOn(api, { year, month, day: date }));
  }
  return reports.flat().filter((item) => {
    if (item.type === "other") return false;
    const made = dayInIndia(item.createdAt);
    return made >= from && made <= to;
  });
}

/** The range's lines: every ledger entry and every settled item, paired by Razorpay's id. */
export async function reconcile(api: RazorpayApi, from: Day, to: Day, today: Day): Promise<ReconLine[]> {
  const [ledger, settled] = await Promise.all([
    ledgerEntries(from, to),
    settledEntries(api, from, to, today),
  ]);
  const byId = new Map(settled.map((item) => [item.id, item]));
  const lines: ReconLine[] = ledger.map((entry) => {
    const item = byId.get(entry.id);
    byId.delete(entry.id);
    return {
      status: !item ? "missing-at-razorpay" : item.amount === entry.amount ? "matched" : "amount-differs",
      kind: entry.kind,
      razorpayId: entry.id,
      reference: entry.reference,
      name: entry.name,
      ledgerAmount: entry.amount,
      razorpayAmount: item?.amount ?? null,
      fee: item ? item.fee + item.tax : null,
      settledOn: item?.settledAt ? dayInIndia(item.settledAt) : null,
      utr: item?.utr ?? null,
    };
  });
  for (const item of byId.values())
    lines.push({
      status: "missing-in-ledger",
      kind: item.type === "refund" ? "refund" : "payment",
      razorpayId: item.id,
      reference: null,
      name: null,
      ledgerAmount: null,
      razorpayAmount: item.amount,
      fee: item.fee + item.tax,
      settledOn: item.settledAt ? dayInIndia(item.settledAt) : null,
      utr: item.utr,
    });
  const order: ReconStatus[] = ["amount-differs", "missing-in-ledger", "missing-at-razorpay", "matched"];
  return lines.sort(
    (a, b) => order.indexOf(a.status) - order.indexOf(b.status) || a.razorpayId.localeCompare(b.razorpayId),
  );
}

const COLUMNS = [
  "Status",
  "Kind",
  "Razorpay id",
  "Payment reference",
  "Member",
  "Ledger amount (Rs)",
  "Razorpay amount (Rs)",
  "Razorpay fee and tax (Rs)",
  "Settled on",
  "Settlement UTR",
] as const;

const money = (value: number | null) => (value === null ? "" : String(value));

/** The reconciliation as a spreadsheet's CSV, one line per entry, in the page's order. */
export const reconciliationCsv = (lines: ReconLine[]) =>
  spreadsheetCsv(
    COLUMNS,
    lines.map((line) => [
      STATUS_LABELS[line.status],
      line.kind,
      line.razorpayId,
      line.reference ?? "",
      line.name ?? "",
      money(line.ledgerAmount),
      money(line.razorpayAmount),
      money(line.fee),
      line.settledOn ?? "",
      line.utr ?? "",
    ]),
  );
