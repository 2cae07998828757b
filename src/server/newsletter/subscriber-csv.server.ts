import { spreadsheetCsv } from "../spreadsheet-csv.server.ts";
import type { Subscriber } from "./subscribers.server.ts";

const STATUS_WORDS: Record<Subscriber["status"], string> = {
  pending: "pending (not confirmed)",
  subscribed: "confirmed",
  unsubscribed: "unsubscribed",
};

/** The subscribers list as CSV (formula-like cells neutralised), a header row first. */
export function subscribersCsv(list: Subscriber[]): string {
  return spreadsheetCsv(
    ["email", "status", "requested", "last change"],
    list.map((subscriber) => [
      subscriber.email,
      STATUS_WORDS[subscriber.status],
      subscriber.requestedAt,
      subscriber.changedAt,
    ]),
  );
}
