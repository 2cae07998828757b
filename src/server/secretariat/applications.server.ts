import { type ExpressionBuilder, sql } from "kysely";
import { type Amount, formatAmount } from "#shared/membership/amount.ts";
import { MEMBERSHIP_STATUS_LABELS, type MembershipState } from "#shared/membership/status.ts";
import { membershipLabel, needsPayment } from "#shared/membership/types.ts";
import { type Account, type AccountRow, getAccounts } from "../account/accounts.server.ts";
import { type Db, database } from "../db/database.server.ts";
import type { Database } from "../db/schema.server.ts";
import { membershipOf } from "../membership/membership.server.ts";

/** What the list of applications needs of an account: everything but its secrets. */
export type ListedAccount = Omit<Account, "passwordHash" | "verification"> & { verified: boolean };

export const listed = (account: Account): ListedAccount => {
  const { passwordHash: _, verification, ...rest } = account;
  return { ...rest, verified: verification === undefined };
};

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
const stateOf = (account: ListedAccount, now: Date): MembershipState =>
  membershipOf({ ...account, passwordHash: "" } as Account, now);

export function applicationStatus(account: ListedAccount, state: MembershipState): ApplicationStatus {
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

export function applicationRow(account: ListedAccount, now = new Date()): ApplicationRow {
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

/** The statuses of members who owe: the lists the overview counts, members from the register among them. */
const OWING_STATUSES: readonly ApplicationStatus[] = [
  "renewal-due",
  "instalment-overdue",
  "in-arrears",
  "lapsed",
];
const isOwingStatus = (status: ApplicationQuery["status"]) =>
  status !== "" && OWING_STATUSES.includes(status);

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
export function matchesSearch(account: ListedAccount, row: ApplicationRow, needle: string): boolean {
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

/** The characters of a period in a payment reference ("2026-27", "L2"), case-folded. */
const PERIOD_CHARACTERS = /^[0-9l-]*$/;

/**
 * The accounts a query may find, as SQL narrows them (set-based, by indexes where it can): never
 * the workspace's own; by the status's columns (a standing rejection, an unconfirmed address, the
 * account's status); by the waiting time; and for a search, those whose name, e-mail, application
 * id, member number, a payment's reference or its bank reference (spaces aside) hold it, or whose
 * payment reference due could (its part before the period's characters in the account's id). The
 * status and the search are then decided exactly on these (applicationRow, matchesSearch).
 */
/** A search's needle as LIKE patterns: as typed (case-folded), and without its spaces. */
function searchPatterns(search: string) {
  const needle = search.toLowerCase();
  const escaped = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const spaceless = needle.replace(/\s+/g, "");
  return { needle, like: escaped(needle), spaceless, spacelessLike: escaped(spaceless) };
}

/** Printable ASCII only: where SQL's lower() and trimming of spaces are JavaScript's. */
const ASCII = "^[ -~]*$";

/**
 * Whether an account certainly answers a search, as matchesSearch would say: its name, e-mail,
 * application id, a payment's reference or its bank reference (spaces aside) hold the needle, each
 * in printable ASCII (elsewhere case-folding may differ). The member number and the reference due
 * follow from the rule, which decides the others.
 */
function certainlyFound(search: string) {
  const { like, spaceless, spacelessLike } = searchPatterns(search);
  return sql<boolean>`(
    (accounts.name ~ ${ASCII} AND lower(accounts.name) LIKE ${like})
    OR (accounts.email ~ ${ASCII} AND lower(accounts.email) LIKE ${like})
    OR lower(accounts.application_id) LIKE ${like}
    OR EXISTS (SELECT 1 FROM payments WHERE payments.account_id = accounts.id AND (
      (payments.reference ~ ${ASCII} AND lower(payments.reference) LIKE ${like})
      OR (${spaceless !== ""} AND payments.bank_reference ~ ${ASCII}
        AND lower(regexp_replace(payments.bank_reference, '\\s+', '', 'g')) LIKE ${spacelessLike}))))`;
}

function narrowed(db: Db, query: ApplicationQuery, now: Date) {
  const { needle, like, spaceless, spacelessLike } = searchPatterns(query.search);
  // A needle inside the reference due: what comes before its period's characters is inside
  // "isgpb-<application id>-" or "isgpb-m-<its ten characters>-".
  const head = needle.replace(/[0-9l-]*$/, "");
  const headLike = `%${head.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const standing = (where: ExpressionBuilder<Database, "accounts">) =>
    where.exists(
      where
        .selectFrom("rejections")
        .select("rejections.id")
        .whereRef("rejections.account_id", "=", "accounts.id")
        .where("rejections.reopened_at", "is", null),
    );
  let found = db.selectFrom("accounts").where("accounts.role", "is", null);
  // Members from the register made no application: they are listed on the Register page, and
  // here only among those who owe (the overview's counts, which include them, link to these lists).
  if (!isOwingStatus(query.status))
    found = found.where((where) =>
      where.not(
        where.exists(
          where
            .selectFrom("register_members")
            .select("register_members.account_id")
            .whereRef("register_members.account_id", "=", "accounts.id"),
        ),
      ),
    );
  if (query.status === "rejected") found = found.where((where) => standing(where));
  else if (query.status) {
    found = found.where((where) => where.not(standing(where)));
    found =
      query.status === "unconfirmed"
        ? found.where("accounts.verification_nonce", "is not", null)
        : found
            .where("accounts.verification_nonce", "is", null)
            .where("accounts.status", "=", query.status === "pending-payment" ? "pending-payment" : "active");
  }
  if (query.waiting === "decision")
    found = found
      .where((where) => where.not(standing(where)))
      .where("accounts.verification_nonce", "is", null)
      .where("accounts.status", "=", "pending-payment")
      .where("accounts.submitted_at", "<=", new Date(now.getTime() - DECISION_AFTER_DAYS * 86_400_000));
  // A needle made only of a period's characters may be inside any account's reference due: no
  // account is left out by it. Otherwise the accounts whose texts (account_search_text: name,
  // e-mail, the references due without their period, which hold the application id and the member
  // number) or whose payments' references hold it, each found by its trigram index (0012).
  if (needle && !PERIOD_CHARACTERS.test(needle)) {
    const searchText = sql<string>`account_search_text(accounts.name, accounts.email, accounts.application_id)`;
    const holding = db
      .selectFrom("accounts")
      .select("accounts.id")
      .where((where) => where.or([where(searchText, "like", like), where(searchText, "like", headLike)]))
      .union(
        db
          .selectFrom("payments")
          .select("payments.account_id as id")
          .where((paid) =>
            paid.or([
              paid(sql<string>`lower(payments.reference)`, "like", like),
              ...(spaceless
                ? [
                    paid(
                      sql<string>`lower(regexp_replace(payments.bank_reference, '\\s+', '', 'g'))`,
                      "like",
                      spacelessLike,
                    ),
                  ]
                : []),
            ]),
          ),
      );
    found = found.where("accounts.id", "in", holding);
  }
  return found;
}

/**
 * Whether SQL alone decides what a query finds: no search, and a status the columns say (an
 * account waits for its first payment exactly while its status is pending-payment, its address
 * confirmed and no rejection standing).
 */
const SQL_STATUSES: readonly string[] = ["", "unconfirmed", "rejected", "pending-payment"];
const decidedInSql = (query: ApplicationQuery) =>
  !query.search &&
  SQL_STATUSES.includes(query.status) &&
  (query.waiting !== "decision" || query.status === "" || query.status === "pending-payment");

/** How many applications a query finds that SQL decides alone (decidedInSql). */
export async function countApplications(query: ApplicationQuery, now = new Date(), db: Db = database()) {
  if (!decidedInSql(query)) return (await findApplications(query, now, db)).total;
  const { total } = await narrowed(db, query, now)
    .select((row) => row.fn.countAll<string>().as("total"))
    .executeTakeFirstOrThrow();
  return Number(total);
}

/**
 * The applications a query finds, newest first, PAGE_SIZE a page: search (matchesSearch), filter
 * by status. The workspace's own accounts are no applications. SQL narrows and, where it decides
 * alone, counts and pages; the membership's status is the members' side's rule (membershipOf),
 * applied to what SQL found.
 */
export async function findApplications(
  query: ApplicationQuery,
  now = new Date(),
  db: Db = database(),
): Promise<ApplicationPage> {
  const found = narrowed(db, query, now);
  if (decidedInSql(query)) {
    const { total } = await found
      .select((row) => row.fn.countAll<string>().as("total"))
      .executeTakeFirstOrThrow();
    const pages = Math.max(1, Math.ceil(Number(total) / PAGE_SIZE));
    const page = Math.min(query.page, pages);
    const rows = await found
      .selectAll("accounts")
      .orderBy("accounts.submitted_at", "desc")
      .orderBy("accounts.id")
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE)
      .execute();
    const accounts = await getAccounts(rows as AccountRow[], db);
    return {
      rows: accounts.map((account) => applicationRow(listed(account), now)),
      total: Number(total),
      page,
      pages,
    };
  }
  if (decidedInSql({ ...query, search: "" })) return searchedPage(found, query, now, db);
  const rows = await found
    .selectAll("accounts")
    .orderBy("accounts.submitted_at", "desc")
    .orderBy("accounts.id")
    .execute();
  const needle = query.search.toLowerCase();
  const chosen = (await getAccounts(rows as AccountRow[], db))
    .map((account) => listed(account))
    .map((account) => ({ account, row: applicationRow(account, now) }))
    .filter(
      ({ account, row }) =>
        (!query.status || row.status === query.status) &&
        (query.waiting !== "decision" || awaitsDecision(row, now)) &&
        matchesSearch(account, row, needle),
    )
    .map(({ row }) => row);
  const pages = Math.max(1, Math.ceil(chosen.length / PAGE_SIZE));
  const page = Math.min(query.page, pages);
  return { rows: chosen.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), total: chosen.length, page, pages };
}

/**
 * A search where SQL decides the status: the accounts SQL finds certainly answer it
 * (certainlyFound) but for those only the rule can say (a member number, a reference due, a name
 * outside ASCII), which are read and asked (matchesSearch); then only the page's accounts are read.
 */
async function searchedPage(
  found: ReturnType<typeof narrowed>,
  query: ApplicationQuery,
  now: Date,
  db: Db,
): Promise<ApplicationPage> {
  const candidates = await found
    .select(["accounts.id", certainlyFound(query.search).as("certain")])
    .orderBy("accounts.submitted_at", "desc")
    .orderBy("accounts.id")
    .execute();
  const read = async (ids: string[]) =>
    ids.length === 0
      ? []
      : getAccounts(
          (await db.selectFrom("accounts").selectAll().where("id", "in", ids).execute()) as AccountRow[],
          db,
        );
  const needle = query.search.toLowerCase();
  const asked = new Map(
    (await read(candidates.filter(({ certain }) => !certain).map(({ id }) => id))).map((account) => [
      account.key,
      account,
    ]),
  );
  const chosen = candidates.filter(({ id, certain }) => {
    if (certain) return true;
    const account = asked.get(id);
    if (!account) return false;
    const shown = listed(account);
    return matchesSearch(shown, applicationRow(shown, now), needle);
  });
  const pages = Math.max(1, Math.ceil(chosen.length / PAGE_SIZE));
  const page = Math.min(query.page, pages);
  const ids = chosen.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map(({ id }) => id);
  const more = new Map(
    (await read(ids.filter((id) => !asked.has(id)))).map((account) => [account.key, account]),
  );
  const rows = ids.map((id) => applicationRow(listed((asked.get(id) ?? more.get(id)) as Account), now));
  return { rows, total: chosen.length, page, pages };
}

/** An amount due as the workspace writes it. */
export const amountText = (row: ApplicationRow) =>
  row.amountDue === null
    ? row.needsPayment
      ? "nothing due now"
      : "nothing to pay"
    : formatAmount(row.amountDue);
