import type { Membership } from "../schemas/membership.ts";

/**
 * The society's bank details as label and value, in the order every place shows them: the
 * enrolment page, the account page, the secretariat's workspace and the payment e-mails all
 * render these rows, so they are written once.
 */
export function bankRows(bank: Membership["bank"]): [label: string, value: string][] {
  return [
    ["Account name", bank.accountName],
    ["Bank", bank.bankName],
    ["Account number", bank.accountNumber],
    ["IFSC", bank.ifsc],
    ["Branch code", bank.branchCode],
    ["SWIFT code", bank.swiftCode],
    ["Branch", bank.location],
  ];
}
