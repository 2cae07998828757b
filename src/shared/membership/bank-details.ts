import type { Membership } from "../schemas/membership.ts";

/** The society's account for payments by bank transfer, as content/membership.yaml gives it. */
export type BankAccount = Membership["bank"];

/**
 * The bank-transfer details as label and value, in the order a payer reads them: written once
 * here for every place that shows them (the payment e-mails, the pages), each of which renders
 * the rows its own way.
 */
export const bankDetailRows = (bank: BankAccount): [label: string, value: string][] => [
  ["Account name", bank.accountName],
  ["Bank", bank.bankName],
  ["Account number", bank.accountNumber],
  ["IFSC", bank.ifsc],
  ["Branch code", bank.branchCode],
  ["SWIFT code", bank.swiftCode],
  ["Branch", bank.location],
];
