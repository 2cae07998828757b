import { type Amount, formatAmount } from "#shared/membership/amount.ts";
import { MEMBERSHIP_STATUS_LABELS, type MembershipState } from "#shared/membership/status.ts";
import { membershipLabel, needsPayment } from "#shared/membership/types.ts";
import type { Account } from "../account/accounts.server.ts";
import { membershipOf } from "../membership/membership.server.ts";
import type { IndexedAccount } from "./application-index.server.ts";

/**
 * The statuses the list shows and filters by: the membership's own (src/shared/membership), and
 * two of an application's: its address not yet confirmed, or rejected by the secretariat.
 */
export const APPLICATION_STATUSES = {
  unconfirmed: "Address not confirmed",
  ...MEMBERSHIP_STATUS_LABELS,
  rejected: "Rejected",
} as const;
export type ApplicationStatus = keyof typeof APPLICATION_STATUSES;

export const isApplicationStatus = (value: unknown): value is ApplicationStatus =>
  typeof value === "string" && Object.hasOwn(APPLICATION_STATUSES, value);

/** The membership as the members' side computes it, for an account of the index (no secrets in it). */
const stateOf = (account: IndexedAccount, now: Date): MembershipState =>
  membershipOf({ ...account, passwordHash: "" } as Account, now);

export function applicationStatus(account: IndexedAccount, state: MembershipState): ApplicationStatus {
  if (account.rejected) return "rejected";
  if (!account.verified) return "unconfirmed";
  return state.status;
}

/** One row of the list, as the page shows it. */
export type ApplicationRow = {
  key: string;
  applicationId: string;
  name: string;
  email: string;
  type: string;
  submittedAt: string;
  status: ApplicationStatus;
  statusLabel: string;
  /** What is owed now, in rupees ("TBA": the content has no figure yet); null: nothing due. */
  amountDue: Amount | null;
  needsPayment: boolean;
  reference: string;
  /** Given with the first confirmed payment (M-…, the application id's ten characters). */
  memberNumber: string | null;
};

export function applicationRow(account: IndexedAccount, now = new Date()): ApplicationRow {
  const state = stateOf(account, now);
  const status = applicationStatus(account, state);
  const owing =
    status === "pending-payment" ||
    status === "renewal-due" ||
    status === "instalment-overdue" ||
    status === "in-arrears" ||
    status === "lapsed" ||
    // A life fee being paid in instalments: the rest is owed while the membership is active.
    (status === "active" && state.next?.kind === "instalment");
  return {
    key: account.key,
    applicationId: account.applicationId,
    name: account.name,
    email: account.email,
    type: membershipLabel(account.membership),
    submittedAt: account.submittedAt,
    status,
    statusLabel: APPLICATION_STATUSES[status],
    amountDue: owing && state.next ? state.next.amount : null,
    needsPayment: needsPayment(account.membership),
    // The reference to quote on the transfer, or once paid the last one quoted; none for an
    // account that pays nothing (never the bare application id, which no payment quotes).
    reference: state.next?.reference ?? account.payments?.at(-1)?.reference ?? "",
    memberNumber: state.memberNumber,
  };
}

export const PAGE_SIZE = 50;

/**
 * An application waits for the secretariat's decision once it has waited this long for its
 * payment with its address confirmed: time to look for the credit, write to the applicant, or
 * reject it.
 */
export const DECISION_AFTER_DAYS = 60;

export type ApplicationQuery = {
  search: string;
  status: ApplicationStatus | "";
  /** `decision`: only applications waiting for the secretariat's decision (see awaitsDecision). */
  waiting?: "decision" | "";
  page: number;
};

/** The query a list URL asks for; anything unreadable falls back to the default. */
export function readQuery(params: URLSearchParams): ApplicationQuery {
  const status = params.get("status") ?? "";
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    search: (params.get("q") ?? "").trim().slice(0, 200),
    status: isApplicationStatus(status) ? status : "",
    waiting: params.get("waiting") === "decision" ? "decision" : "",
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/** Waiting for payment, its address confirmed, for DECISION_AFTER_DAYS or more. */
export const awaitsDecision = (row: ApplicationRow, now = new Date()) =>
  row.status === "pending-payment" &&
  now.getTime() - Date.parse(row.submittedAt) >= DECISION_AFTER_DAYS * 86_400_000;

export type ApplicationPage = {
  rows: ApplicationRow[];
  total: number;
  page: number;
  pages: number;
};

/**
 * Whether an application answers a search (any part, any case): its name, e-mail, application id,
 * member number, the reference now due or any payment's confirmed on it, or the bank's reference
 * the secretariat recorded for a payment (a credit on the statement: is it recorded, and whose?).
 * A bank reference matches whatever its spacing: statements and typists group its digits differently.
 */
export function matchesSearch(account: IndexedAccount, row: ApplicationRow, needle: string): boolean {
  if (!needle) return true;
  const payments = account.payments ?? [];
  const texts = [
    row.name,
    row.email,
    row.reference,
    row.applicationId,
    row.memberNumber ?? "",
    ...payments.map((payment) => payment.reference),
  ];
  const spaceless = (text: string) => text.replace(/\s+/g, "").toLowerCase();
  const bankReferences = payments.flatMap((payment) =>
    payment.bankReference ? [spaceless(payment.bankReference)] : [],
  );
  return (
    texts.some((text) => text.toLowerCase().includes(needle)) ||
    (spaceless(needle) !== "" && bankReferences.some((text) => text.includes(spaceless(needle))))
  );
}

/**
 * The applications a query finds, newest first, PAGE_SIZE a page: search (matchesSearch), filter
 * by status. The workspace's own accounts are no applications.
 */
export function findApplications(
  accounts: readonly IndexedAccount[],
  query: ApplicationQuery,
  now = new Date(),
): ApplicationPage {
  const needle = query.search.toLowerCase();
  const rows = accounts
    .filter((account) => account.role !== "secretariat")
    .map((account) => ({ account, row: applicationRow(account, now) }))
    .filter(
      ({ account, row }) =>
        (!query.status || row.status === query.status) &&
        (query.waiting !== "decision" || awaitsDecision(row, now)) &&
        matchesSearch(account, row, needle),
    )
    .map(({ row }) => row)
    .sort((a, b) => (a.submittedAt < b.submittedAt ? 1 : a.submittedAt > b.submittedAt ? -1 : 0));
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const page = Math.min(query.page, pages);
  return { rows: rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), total: rows.length, page, pages };
}

/** An amount due as the workspace writes it. */
export const amountText = (row: ApplicationRow) =>
  row.amountDue === null
    ? row.needsPayment
      ? "nothing due now"
      : "nothing to pay"
    : formatAmount(row.amountDue);
