import { sql } from "kysely";
import { type Day, dayInIndia, financialYearLabel, financialYearOf } from "#shared/membership/calendar.ts";
import { memberNumberOf, parseReference } from "#shared/membership/reference.ts";
import { membershipLabel } from "#shared/membership/types.ts";
import { scopedContent } from "../content/page-content.server.ts";
import { type Db, database, type Tx } from "../db/database.server.ts";

/**
 * Receipts (decision 0055): every payment the ledger records gets one, numbered in its financial
 * year's series (ISGPB/2026-27/000123) in the transaction that records the payment. The number is
 * taken from the year's counter row, which that transaction holds until it ends: two payments
 * confirmed at once get consecutive numbers, and one rolled back gives its number back with it.
 */

/** Receipts follow India's accounting year, April to March, whatever the membership calendar says. */
const ACCOUNTING_YEAR_STARTS = 4;
const PREFIX = "ISGPB";

/** The series of a receipt issued at `at`: the financial year, in India, of that day ("2026-27"). */
export const receiptSeries = (at: Date): string =>
  financialYearLabel(financialYearOf(dayInIndia(at), ACCOUNTING_YEAR_STARTS), ACCOUNTING_YEAR_STARTS);

export const receiptNumber = (series: string, seq: number) =>
  `${PREFIX}/${series}/${String(seq).padStart(6, "0")}`;

/** The receipt's file name, and the address segment that names it ("ISGPB-2026-27-000123.pdf"). */
export const receiptFileName = (number: string) => `${number.replaceAll("/", "-")}.pdf`;

/** The number a file name names, or null when it names none. */
export function numberOfFile(file: string): string | null {
  const match = /^ISGPB-(\d{4}-\d{2})-(\d{6,})\.pdf$/.exec(file);
  return match ? `${PREFIX}/${match[1]}/${match[2]}` : null;
}

/**
 * Issues the receipt of a payment just recorded, in the caller's transaction: the next number of
 * the year's series (the counter row is made by the first receipt of a year; a second maker at
 * the same moment waits on it and takes the next number), to the member's name and number as they
 * are today. Answers the number.
 */
export async function issueReceipt(
  tx: Tx,
  receipt: { paymentId: string; accountId: string; at: Date; razorpayPaymentId?: string | undefined },
): Promise<string> {
  const series = receiptSeries(receipt.at);
  const { last } = await tx
    .insertInto("receipt_series")
    .values({ series, last: 1 })
    .onConflict((conflict) =>
      conflict.column("series").doUpdateSet({ last: sql<number>`receipt_series.last + 1` }),
    )
    .returning("last")
    .executeTakeFirstOrThrow();
  const member = await tx
    .selectFrom("accounts")
    .leftJoin("register_members", "register_members.account_id", "accounts.id")
    .select(["accounts.name", "accounts.application_id", "register_members.member_no"])
    .where("accounts.id", "=", receipt.accountId)
    .executeTakeFirstOrThrow();
  const number = receiptNumber(series, last);
  await tx
    .insertInto("receipts")
    .values({
      number,
      series,
      seq: last,
      payment_id: receipt.paymentId,
      account_id: receipt.accountId,
      issued_at: receipt.at,
      issued_to: member.name,
      member_no: member.member_no ?? memberNumberOf(member.application_id ?? ""),
      razorpay_payment_id: receipt.razorpayPaymentId ?? null,
    })
    .execute();
  return number;
}

/**
 * Everything a receipt prints, as plain data: what the PDF is drawn from, and what an e-mail's
 * outbox row keeps so the PDF can be drawn when the mail is sent (decision 0055).
 */
export type ReceiptDocument = {
  number: string;
  society: { name: string; registration: string };
  /** The day it was issued, "YYYY-MM-DD". */
  issuedOn: Day;
  name: string;
  memberNo: string;
  paidFor: string;
  /** Rupees; null for a payment confirmed while the fee was still to be announced. */
  amount: number | null;
  receivedOn: Day;
  /** The payment's reference as the member quoted it. */
  reference: string;
  /** Razorpay's payment id, or the bank's reference of the transfer, when there is one. */
  paymentId: string | null;
  /** The day the payment was refunded, if it was. */
  refundedOn: Day | null;
};

/** What a payment paid for, in the receipt's words, from its reference and kind. */
export function paidFor(payment: { reference: string; kind: string | null }, membership: string): string {
  const period = parseReference(payment.reference)?.period;
  if (!period) return `Payment with reference ${payment.reference}`;
  const instalment = /^L(\d)$/.exec(period)?.[1];
  const type = membershipLabel(membership);
  if (instalment)
    return payment.kind === "application" || instalment === "1"
      ? `Registration fee and life membership fee, first payment (${type})`
      : `Life membership fee, instalment ${instalment}`;
  if (payment.kind === "application" || payment.kind === "rejoin")
    return `Registration fee and subscription for ${period} (${type})`;
  return `Annual subscription for ${period} (${type})`;
}

const SELECTED = [
  "receipts.number",
  "receipts.issued_at",
  "receipts.issued_to",
  "receipts.member_no",
  "receipts.razorpay_payment_id",
  "receipts.refunded_at",
  "payments.reference",
  "payments.kind",
  "payments.amount",
  "payments.paid_on",
  "payments.bank_reference",
  "accounts.membership",
] as const;

type ReceiptRow = {
  number: string;
  issued_at: Date;
  issued_to: string;
  member_no: string;
  razorpay_payment_id: string | null;
  refunded_at: Date | null;
  reference: string;
  kind: string | null;
  amount: number | null;
  paid_on: string;
  bank_reference: string | null;
  membership: string;
};

const receiptsQuery = (db: Db) =>
  db
    .selectFrom("receipts")
    .innerJoin("payments", "payments.id", "receipts.payment_id")
    .innerJoin("accounts", "accounts.id", "receipts.account_id")
    .select(SELECTED);

/** The society as a receipt names it: the site's content (content/site.yaml). */
function society(): ReceiptDocument["society"] {
  const site = scopedContent("site.yaml");
  return {
    name: site.name,
    registration: `Registered in ${site.registered.year} under the ${site.registered.act}`,
  };
}

function documentOf(row: ReceiptRow): ReceiptDocument {
  return {
    number: row.number,
    society: society(),
    issuedOn: dayInIndia(row.issued_at),
    name: row.issued_to,
    memberNo: row.member_no,
    paidFor: paidFor(row, row.membership),
    amount: row.amount,
    receivedOn: row.paid_on,
    reference: row.reference,
    paymentId: row.razorpay_payment_id ?? row.bank_reference,
    refundedOn: row.refunded_at ? dayInIndia(row.refunded_at) : null,
  };
}

/** The receipt of a payment (by its reference), in the caller's transaction or not. */
export async function receiptOfPayment(
  reference: string,
  db: Db = database(),
): Promise<ReceiptDocument | null> {
  const row = await receiptsQuery(db).where("payments.reference", "=", reference).executeTakeFirst();
  return row ? documentOf(row) : null;
}

/** A member's own receipt by its number: null when there is none, or it is someone else's. */
export async function ownReceipt(accountId: string, number: string): Promise<ReceiptDocument | null> {
  const row = await receiptsQuery(database())
    .where("receipts.number", "=", number)
    .where("receipts.account_id", "=", accountId)
    .executeTakeFirst();
  return row ? documentOf(row) : null;
}

/** A line of the account page's list of receipts. */
export type ReceiptLine = {
  number: string;
  issuedOn: Day;
  paidFor: string;
  amount: number | null;
  refunded: boolean;
  href: string;
};

/** Where a member downloads a receipt of theirs. */
export const receiptHref = (number: string) => `/account/receipts/${receiptFileName(number)}`;

/** The member's receipts, newest first. */
export async function accountReceipts(accountId: string): Promise<ReceiptLine[]> {
  const rows = await receiptsQuery(database())
    .where("receipts.account_id", "=", accountId)
    .orderBy("receipts.issued_at", "desc")
    .orderBy("receipts.number", "desc")
    .execute();
  return rows.map((row) => ({
    number: row.number,
    issuedOn: dayInIndia(row.issued_at),
    paidFor: paidFor(row, row.membership),
    amount: row.amount,
    refunded: row.refunded_at !== null,
    href: receiptHref(row.number),
  }));
}
