import { membershipLabel, needsPayment } from "#shared/enrolment-options.ts";
import type { IndexedAccount } from "./application-index.server.ts";

/**
 * The statuses the list shows and filters by. Renewal due, in arrears and lapsed come from the
 * membership's period (the members' side); until an account has one, it is pending or active.
 */
export const APPLICATION_STATUSES = {
  unconfirmed: "Address not confirmed",
  "pending-payment": "Pending payment",
  active: "Active",
  "renewal-due": "Renewal due",
  "in-arrears": "In arrears",
  lapsed: "Lapsed",
  rejected: "Rejected",
} as const;
export type ApplicationStatus = keyof typeof APPLICATION_STATUSES;

export const isApplicationStatus = (value: unknown): value is ApplicationStatus =>
  typeof value === "string" && Object.hasOwn(APPLICATION_STATUSES, value);

export function applicationStatus(account: IndexedAccount): ApplicationStatus {
  if (account.rejected) return "rejected";
  if (!account.verified) return "unconfirmed";
  return account.status;
}

/** The reference the applicant quotes on the bank transfer. */
export const paymentReference = (account: IndexedAccount) => account.applicationId;

/** What the applicant owes, in rupees, when the fee is known (null: no figure, or nothing due). */
export function amountDue(account: IndexedAccount): number | null {
  void account;
  return null;
}

/** One row of the list, as the page and the JSON API show it. */
export type ApplicationRow = {
  key: string;
  applicationId: string;
  name: string;
  email: string;
  type: string;
  submittedAt: string;
  status: ApplicationStatus;
  statusLabel: string;
  amountDue: number | null;
  needsPayment: boolean;
  reference: string;
};

export function applicationRow(account: IndexedAccount): ApplicationRow {
  const status = applicationStatus(account);
  return {
    key: account.key,
    applicationId: account.applicationId,
    name: account.name,
    email: account.email,
    type: membershipLabel(account.membership),
    submittedAt: account.submittedAt,
    status,
    statusLabel: APPLICATION_STATUSES[status],
    amountDue: amountDue(account),
    needsPayment: needsPayment(account.membership),
    reference: paymentReference(account),
  };
}

export const PAGE_SIZE = 50;

export type ApplicationQuery = { search: string; status: ApplicationStatus | ""; page: number };

/** The query a list URL asks for; anything unreadable falls back to the default. */
export function readQuery(params: URLSearchParams): ApplicationQuery {
  const status = params.get("status") ?? "";
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    search: (params.get("q") ?? "").trim().slice(0, 200),
    status: isApplicationStatus(status) ? status : "",
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

export type ApplicationPage = {
  rows: ApplicationRow[];
  total: number;
  page: number;
  pages: number;
};

/**
 * The applications a query finds, newest first, PAGE_SIZE a page: search by name, e-mail or
 * reference (any part, any case), filter by status. The workspace's own accounts are no
 * applications.
 */
export function findApplications(
  accounts: readonly IndexedAccount[],
  query: ApplicationQuery,
): ApplicationPage {
  const needle = query.search.toLowerCase();
  const rows = accounts
    .filter((account) => account.role !== "secretariat")
    .map(applicationRow)
    .filter(
      (row) =>
        (!query.status || row.status === query.status) &&
        (!needle ||
          row.name.toLowerCase().includes(needle) ||
          row.email.toLowerCase().includes(needle) ||
          row.reference.toLowerCase().includes(needle) ||
          row.applicationId.toLowerCase().includes(needle)),
    )
    .sort((a, b) => (a.submittedAt < b.submittedAt ? 1 : a.submittedAt > b.submittedAt ? -1 : 0));
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const page = Math.min(query.page, pages);
  return { rows: rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), total: rows.length, page, pages };
}
