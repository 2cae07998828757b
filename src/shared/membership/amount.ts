import { formatIndianNumber } from "../format-number.ts";
/** A fee in whole rupees, or `TBA`: a placeholder in the content for a figure the society has not given. */
export const TO_BE_ANNOUNCED = "TBA";
export type Amount = number | typeof TO_BE_ANNOUNCED;

/** The sum of amounts; to be announced if any of them is. */
export const sumOf = (amounts: readonly Amount[]): Amount =>
  amounts.some((amount) => amount === TO_BE_ANNOUNCED)
    ? TO_BE_ANNOUNCED
    : amounts.reduce<number>((total, amount) => total + (amount as number), 0);

/** "₹1,500" or "to be announced": the way the page and the mails write an amount. */
export const formatAmount = (amount: Amount) =>
  amount === TO_BE_ANNOUNCED ? "to be announced" : `₹${formatIndianNumber(amount)}`;
