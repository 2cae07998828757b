import { formatDay, todayInIndia } from "#shared/format-date.ts";
import { formatAmount } from "#shared/membership/amount.ts";
import { addDays } from "#shared/membership/calendar.ts";
import { RazorpayCallFailed, razorpayApi } from "./razorpay.server.ts";
import {
  MAX_RANGE_DAYS,
  type ReconLine,
  type ReconStatus,
  readRange,
  reconcile,
  reconciliationCsv,
  STATUS_LABELS,
} from "./reconciliation.server.ts";

const money = (value: number | null) => (value === null ? "" : formatAmount(value));

const rowOf = (line: ReconLine, index: number) => ({
  key: `${index}-${line.razorpayId}`,
  status: STATUS_LABELS[line.status],
  differs: line.status !== "matched",
  kind: line.kind === "refund" ? "Refund" : "Payment",
  razorpayId: line.razorpayId,
  reference: line.reference ?? "",
  name: line.name ?? "",
  ledgerAmount: money(line.ledgerAmount),
  razorpayAmount: money(line.razorpayAmount),
  fee: money(line.fee),
  settledOn: line.settledOn ? formatDay(line.settledOn) : "",
  utr: line.utr ?? "",
});

/**
 * The reconciliation page's data for an address: the last month's days until a range is asked for,
 * a range refused beside its fields (400), or the lines (a Razorpay failure said at the top, 502).
 */
export async function reconciliationView(search: URLSearchParams, now = new Date()) {
  const today = todayInIndia(now);
  const api = razorpayApi();
  const base = {
    configured: api !== null,
    maxDays: MAX_RANGE_DAYS,
    errors: {},
    counts: null,
    rows: [],
    failure: null,
  };
  if (!api || (!search.has("from") && !search.has("to")))
    return {
      status: 200,
      view: { ...base, range: { from: addDays(today, -(MAX_RANGE_DAYS - 1)), to: today } },
    };
  const range = readRange(search, today);
  if (!range.ok) return { status: 400, view: { ...base, range: range.values, errors: range.errors } };
  try {
    const lines = await reconcile(api, range.from, range.to, today);
    const statuses: ReconStatus[] = ["amount-differs", "missing-in-ledger", "missing-at-razorpay", "matched"];
    return {
      status: 200,
      view: {
        ...base,
        range: { from: range.from, to: range.to },
        counts: statuses.map((status): [string, number] => [
          STATUS_LABELS[status],
          lines.filter((line) => line.status === status).length,
        ]),
        rows: lines.map(rowOf),
      },
    };
  } catch (error) {
    if (!(error instanceof RazorpayCallFailed)) throw error;
    return {
      status: 502,
      view: {
        ...base,
        range: { from: range.from, to: range.to },
        failure: `${error.message} Try again in a minute.`,
      },
    };
  }
}

/** The CSV download of a range: the file, or a plain refusal (a bad range 400, Razorpay 502). */
export async function reconciliationCsvResponse(
  search: URLSearchParams,
  now = new Date(),
): Promise<Response> {
  const today = todayInIndia(now);
  const plain = (status: number, text: string) =>
    new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
  const api = razorpayApi();
  if (!api) return plain(404, "Razorpay's keys are not set on this site.");
  const range = readRange(search, today);
  if (!range.ok) return plain(400, Object.values(range.errors).join(". "));
  try {
    const lines = await reconcile(api, range.from, range.to, today);
    return new Response(reconciliationCsv(lines), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="razorpay-reconciliation-${range.from}-to-${range.to}.csv"`,
        "cache-control": "private, no-store",
      },
    });
  } catch (error) {
    if (!(error instanceof RazorpayCallFailed)) throw error;
    return plain(502, error.message);
  }
}
