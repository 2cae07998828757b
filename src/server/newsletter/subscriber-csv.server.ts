import { dayInIndia } from "#shared/membership/calendar.ts";
import { spreadsheetCsv } from "../spreadsheet-csv.server.ts";
import type { Subscriber } from "./subscribers.server.ts";

const STATUS_WORDS: Record<Subscriber["status"], string> = {
  pending: "pending (not confirmed)",
  subscribed: "confirmed",
  unsubscribed: "unsubscribed",
};

/** A moment as the day it was in India (YYYY-MM-DD, which a spreadsheet sorts); empty if unreadable. */
function day(iso: string | undefined): string {
  const at = new Date(iso ?? "");
  return Number.isNaN(at.getTime()) ? "" : dayInIndia(at);
}

/**
 * The subscribers list as CSV (formula-like cells neutralised), a header row first. Its dates are
 * days in India, as every date the office reads: a request at 01:00 IST belongs to that day.
 */
export function subscribersCsv(list: Subscriber[]): string {
  return spreadsheetCsv(
    ["email", "status", "requested", "last change"],
    list.map((subscriber) => [
      subscriber.email,
      STATUS_WORDS[subscriber.status],
      day(subscriber.requestedAt),
      day(subscriber.changedAt),
    ]),
  );
}
