import { stringify } from "csv-stringify/sync";
import type { Subscriber } from "./subscribers.server.ts";

/**
 * A cell a spreadsheet would read as a formula (=, +, -, @, or a tab or carriage return before
 * one) gets a leading apostrophe: the program shows it as text and runs nothing.
 */
export const neutralised = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

const STATUS_WORDS: Record<Subscriber["status"], string> = {
  pending: "pending (not confirmed)",
  subscribed: "confirmed",
  unsubscribed: "unsubscribed",
};

/** The subscribers list as CSV (RFC 4180 quoting by csv-stringify), a header row first. */
export function subscribersCsv(list: Subscriber[]): string {
  return stringify(
    list.map((subscriber) =>
      [subscriber.email, STATUS_WORDS[subscriber.status], subscriber.requestedAt, subscriber.changedAt].map(
        neutralised,
      ),
    ),
    { header: true, columns: ["email", "status", "requested", "last change"], record_delimiter: "\r\n" },
  );
}
