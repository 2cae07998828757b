import { HELD_PAYMENTS_PATH } from "#shared/secretariat-paths.ts";
import { heldPaymentCount } from "../payments/held-payments.server.ts";
import { countApplications } from "./applications.server.ts";
import { heldCount } from "./held.server.ts";
import { owingCounts } from "./membership-counts.server.ts";
import { mailCounts } from "./messages.server.ts";

/**
 * The secretariat's work at a glance, for the workspace's overview: how many of each kind of thing
 * wait for someone, each with the list (and filter) that shows them. Counts only: the lists hold
 * the records.
 */
export type WorkCount = {
  key:
    | "awaiting-payment"
    | "awaiting-decision"
    | "renewal-due"
    | "instalment-overdue"
    | "in-arrears"
    | "held"
    | "payments-held"
    | "mail-failed"
    | "mail-pending";
  label: string;
  count: number;
  /** The workspace's list with its filter: a link. */
  href: string;
};

const applications = (query: Record<string, string>) =>
  `/secretariat/applications?${new URLSearchParams(query)}`;

export async function workCounts(now = new Date()): Promise<WorkCount[]> {
  const [awaiting, deciding, members, held, payments, mails] = await Promise.all([
    // Counted by SQL: the columns say which applications wait for their first payment.
    countApplications({ search: "", status: "pending-payment", page: 1 }, now),
    countApplications({ search: "", status: "", waiting: "decision", page: 1 }, now),
    // The members who owe what today, by the calendar's rules, counted set-based where SQL can.
    owingCounts(now),
    // Counted by SQL too: the overview needs how many, not which.
    heldCount(),
    // Online payments Razorpay took that wait for 'Refund' or 'Credit'.
    heldPaymentCount(),
    mailCounts(),
  ]);
  return [
    {
      key: "awaiting-payment",
      label: "Applications awaiting payment",
      count: awaiting,
      href: applications({ status: "pending-payment" }),
    },
    {
      key: "awaiting-decision",
      label: "Applications awaiting a decision (no payment after 60 days)",
      count: deciding,
      href: applications({ status: "pending-payment", waiting: "decision" }),
    },
    {
      key: "renewal-due",
      label: "Renewals due",
      count: members["renewal-due"],
      href: applications({ status: "renewal-due" }),
    },
    {
      key: "instalment-overdue",
      label: "Life fee instalments overdue",
      count: members["instalment-overdue"],
      href: applications({ status: "instalment-overdue" }),
    },
    {
      key: "in-arrears",
      label: "Members in arrears",
      count: members["in-arrears"],
      href: applications({ status: "in-arrears" }),
    },
    { key: "held", label: "Submissions held back", count: held, href: "/secretariat/held" },
    {
      key: "payments-held",
      label: "Online payments held (paid twice or not what was asked)",
      count: payments,
      href: HELD_PAYMENTS_PATH,
    },
    {
      key: "mail-failed",
      label: "E-mails that failed",
      count: mails.failed,
      href: "/secretariat/messages?mail=failed",
    },
    {
      key: "mail-pending",
      label: "E-mails waiting for a retry",
      count: mails.pending,
      href: "/secretariat/messages?mail=pending",
    },
  ];
}
