/**
 * Payment references: what a member quotes on a bank transfer or UPI payment, so the treasurer can
 * match a credit to a member and to the period it pays for. `ISGPB-<id>-<period>`: the
 * application id (EN-…) for the payment that comes with the application, the member number (M-…,
 * the same ten characters) after that; the period is a financial year ("2026-27") or a life
 * instalment ("L1" to "L3").
 */
export const REFERENCE_PREFIX = "ISGPB";

const REFERENCE = /^ISGPB-(EN|M)-([0-9A-F]{10})-(\d{4}(?:-\d{2})?|L[1-9])$/;

/** The member number that goes with an application id: EN-1A2B3C4D5E becomes M-1A2B3C4D5E. */
export const memberNumberOf = (applicationId: string) => `M-${applicationId.replace(/^EN-/, "")}`;

export const paymentReference = (id: string, period: string) => `${REFERENCE_PREFIX}-${id}-${period}`;

export const instalmentPeriod = (number: number) => `L${number}`;

export type ParsedReference = { application: string; period: string };

/** The application id (EN-…) and the period a reference names, or null when it is not one of ours. */
export function parseReference(reference: string): ParsedReference | null {
  const match = REFERENCE.exec(reference.trim().toUpperCase());
  if (!match) return null;
  return { application: `EN-${match[2]}`, period: match[3] as string };
}

/** An amount in rupees as UPI and the page write it: 1500 → "1500.00". */
export const rupees = (amount: number) => amount.toFixed(2);

/**
 * A UPI payment link (NPCI's deep link): payee, amount, currency and the reference as the note.
 * With no amount (a fee still to be announced) the payer's app asks for one.
 */
export function upiLink(
  payee: { address: string; payeeName: string },
  amount: number | null,
  reference: string,
) {
  const fields: [string, string][] = [
    ["pa", payee.address],
    ["pn", payee.payeeName],
    ...(amount === null ? [] : ([["am", rupees(amount)]] as [string, string][])),
    ["cu", "INR"],
    ["tn", reference],
  ];
  // UPI apps expect %20 for spaces, not the + that URLSearchParams writes, and the payee's @ as is.
  const encode = (value: string) => encodeURIComponent(value).replaceAll("%40", "@");
  return `upi://pay?${fields.map(([key, value]) => `${key}=${encode(value)}`).join("&")}`;
}
