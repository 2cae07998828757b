import { formatDay } from "#shared/format-date.ts";
import { formatIndianNumber } from "#shared/format-number.ts";
import styles from "./own-data.module.css";

/** A receipt as the account page lists it (the server's ReceiptLine). */
export type ReceiptItem = {
  number: string;
  issuedOn: string;
  paidFor: string;
  amount: number | null;
  refunded: boolean;
  href: string;
};

/**
 * The member's receipts, newest first, each a link to its PDF (decision 0055). A plain anchor, not
 * the router's Link: the browser downloads the file, with JavaScript or without.
 */
export function ReceiptsList({ receipts }: { receipts: ReceiptItem[] }) {
  if (receipts.length === 0) return null;
  return (
    <section className={`card ${styles.links}`} aria-labelledby="receipts-title">
      <h2 id="receipts-title">Your receipts</h2>
      <ul>
        {receipts.map((receipt) => (
          <li key={receipt.number}>
            <a href={receipt.href} download>
              {`Receipt ${receipt.number} (PDF)`}
            </a>
            {`: ${receipt.paidFor}`}
            {receipt.amount === null ? "" : `, ₹${formatIndianNumber(receipt.amount)}`}
            {`, ${formatDay(receipt.issuedOn)}`}
            {receipt.refunded ? " (refunded)" : ""}
          </li>
        ))}
      </ul>
    </section>
  );
}
