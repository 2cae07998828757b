import { MEMBERSHIP_STATUS_LABELS, type MembershipStatus } from "#shared/membership/status.ts";
import type { PreviewRow, PreviewView } from "#shared/register-preview.ts";
import { type AccountRow, getAccounts } from "../account/accounts.server.ts";
import { type Db, database } from "../db/database.server.ts";
import type { RegisterClass } from "../db/schema.server.ts";
import { membershipOf } from "../membership/membership.server.ts";
import { findUpload, type PlanRow, previewUpload } from "./register-import.server.ts";
import { CLASS_LABELS, RegisterFileError, ZONES } from "./register-rows.server.ts";
import { registerSource } from "./register-source.server.ts";

/** Members a page of the register lists. */
export const REGISTER_PAGE_SIZE = 50;
/** New rows a preview lists one by one (the rest are counted). */
export const PREVIEW_NEW_SHOWN = 200;

export type RegisterQuery = {
  search: string;
  class: RegisterClass | "";
  zone: string;
  standing: MembershipStatus | "";
  claimed: "yes" | "no" | "";
  page: number;
};

const isClass = (value: string): value is RegisterClass => Object.hasOwn(CLASS_LABELS, value);
const isStanding = (value: string): value is MembershipStatus =>
  Object.hasOwn(MEMBERSHIP_STATUS_LABELS, value);

export function readRegisterQuery(search: URLSearchParams): RegisterQuery {
  const memberClass = search.get("class") ?? "";
  const zone = (search.get("zone") ?? "").toUpperCase();
  const standing = search.get("standing") ?? "";
  const claimed = search.get("claimed") ?? "";
  const page = Number.parseInt(search.get("page") ?? "1", 10);
  return {
    search: (search.get("q") ?? "").trim().slice(0, 200),
    class: isClass(memberClass) ? memberClass : "",
    zone: (ZONES as readonly string[]).includes(zone) ? zone : "",
    standing: isStanding(standing) ? standing : "",
    claimed: claimed === "yes" || claimed === "no" ? claimed : "",
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

export type RegisterMemberRow = {
  memberNo: string;
  key: string;
  name: string;
  email: string;
  class: string;
  zone: string;
  joinedYear: number;
  standing: string;
  claimed: boolean;
  mergedInto: string | null;
};

/**
 * The register's members as the page lists them, filtered: each with the standing the membership
 * rules give it today (the same rules as the member's own page), claimed or not.
 */
export async function registerMembers(query: RegisterQuery, now = new Date(), db: Db = database()) {
  let found = db
    .selectFrom("register_members as r")
    .innerJoin("accounts as a", "a.id", "r.account_id")
    .selectAll("a")
    .orderBy("r.member_no");
  if (query.class) found = found.where("r.class", "=", query.class);
  if (query.zone) found = found.where("r.zone", "=", query.zone);
  if (query.claimed === "yes") found = found.where("r.claimed_at", "is not", null);
  if (query.claimed === "no") found = found.where("r.claimed_at", "is", null);
  if (query.search) {
    const like = `%${query.search.toLowerCase().replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
    found = found.where((where) =>
      where.or([
        where(where.fn("lower", ["a.name"]), "like", like),
        where(where.fn("lower", ["a.email"]), "like", like),
        where(where.fn("lower", ["r.member_no"]), "like", like),
      ]),
    );
  }
  const accounts = await getAccounts((await found.execute()) as AccountRow[], db);
  const rows = accounts.flatMap((account): RegisterMemberRow[] => {
    const register = account.register;
    if (!register) return [];
    const state = membershipOf(account, now);
    if (query.standing && state.status !== query.standing) return [];
    return [
      {
        memberNo: register.memberNo,
        key: account.key,
        name: account.name,
        email: account.email,
        class: CLASS_LABELS[register.class],
        zone: register.zone ?? "",
        joinedYear: register.joinedYear,
        standing: MEMBERSHIP_STATUS_LABELS[state.status],
        claimed: Boolean(register.claimedAt),
        mergedInto: register.mergedInto ?? null,
      },
    ];
  });
  const pages = Math.max(1, Math.ceil(rows.length / REGISTER_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  return {
    rows: rows.slice((page - 1) * REGISTER_PAGE_SIZE, page * REGISTER_PAGE_SIZE),
    total: rows.length,
    page,
    pages,
  };
}

/** How many are on the register, and how many have claimed their accounts. */
export async function registerTotals(db: Db = database()) {
  const row = await db
    .selectFrom("register_members")
    .select((select) => [
      select.fn.countAll<string>().as("members"),
      select.fn.count<string>("claimed_at").as("claimed"),
    ])
    .where("merged_into", "is", null)
    .executeTakeFirst();
  return { members: Number(row?.members ?? 0), claimed: Number(row?.claimed ?? 0) };
}

export async function recentImports(limit = 5, db: Db = database()) {
  const rows = await db
    .selectFrom("register_imports")
    .selectAll()
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    by: row.by,
    source: row.source,
    added: row.added,
    changed: row.changed,
    unchanged: row.unchanged,
    kept: row.kept,
  }));
}

const shown = (row: PlanRow): PreviewRow => ({
  line: row.line,
  memberNo: row.memberNo,
  name: row.name,
  kind: row.kind,
  changes: row.changes,
  conflicts: row.conflicts,
  reason: row.reason ?? "",
  link: row.link ?? null,
});

/** The preview of a kept file against the records now: what Apply would do, row by row. */
export async function previewView(digest: string, now = new Date()): Promise<PreviewView> {
  const upload = await findUpload(digest, now);
  if (!upload) return { state: "expired" };
  try {
    const plan = await previewUpload(upload, now);
    return {
      state: "ready",
      digest,
      plan: plan.digest,
      source: upload.source,
      uploadedAt: upload.uploadedAt.toISOString(),
      counts: plan.counts,
      refused: plan.rows.filter((row) => row.kind === "refused").map(shown),
      conflicts: plan.rows.filter((row) => row.conflicts.length > 0).map(shown),
      changed: plan.rows.filter((row) => row.kind === "changed").map(shown),
      added: plan.rows
        .filter((row) => row.kind === "new")
        .slice(0, PREVIEW_NEW_SHOWN)
        .map(shown),
    };
  } catch (error) {
    if (error instanceof RegisterFileError) return { state: "unreadable", error: error.message };
    throw error;
  }
}

export async function importView(id: string, db: Db = database()) {
  if (!/^\d{1,18}$/.test(id)) return null;
  const row = await db.selectFrom("register_imports").selectAll().where("id", "=", id).executeTakeFirst();
  return row
    ? {
        id: row.id,
        at: row.at.toISOString(),
        by: row.by,
        source: row.source,
        added: row.added,
        changed: row.changed,
        unchanged: row.unchanged,
        kept: row.kept,
      }
    : null;
}

/** Everything the Register page shows for its address. */
export async function registerPage(url: URL, now = new Date()) {
  const search = url.searchParams;
  const query = readRegisterQuery(search);
  const previewDigest = search.get("preview");
  const importId = search.get("import");
  const [members, totals, imports, preview, imported] = await Promise.all([
    registerMembers(query, now),
    registerTotals(),
    recentImports(),
    previewDigest ? previewView(previewDigest, now) : Promise.resolve(null),
    importId ? importView(importId) : Promise.resolve(null),
  ]);
  return {
    source: registerSource().kind,
    query,
    members,
    totals,
    imports,
    preview,
    imported,
    classes: Object.entries(CLASS_LABELS).map(([value, label]) => ({ value, label })),
    zones: [...ZONES],
    standings: Object.entries(MEMBERSHIP_STATUS_LABELS)
      .filter(([value]) => !["none", "pending-payment", "rejected"].includes(value))
      .map(([value, label]) => ({ value, label })),
  };
}
export type RegisterPageData = Awaited<ReturnType<typeof registerPage>>;
