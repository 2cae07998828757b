import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { claimAccount } from "../../src/server/account/account-claim.server.ts";
import { getAccount } from "../../src/server/account/accounts.server.ts";
import { database } from "../../src/server/db/database.server.ts";
import { membershipOf } from "../../src/server/membership/membership.server.ts";
import { runMembershipReminders } from "../../src/server/membership/membership-reminders.server.ts";
import {
  applyImport,
  keepUpload,
  planImport,
  readLines,
} from "../../src/server/register/register-import.server.ts";
import { recentActions } from "../../src/server/secretariat/audit.server.ts";
import { sendStage } from "../../src/server/secretariat/invitations.server.ts";
import { owingCounts } from "../../src/server/secretariat/membership-counts.server.ts";
import { resendBatchAccepts, type SentBatch } from "../mocks/resend.ts";
import { outboxMails } from "../support/database.ts";
import { ORIGIN } from "../support/requests.ts";
import { OFFICE_EMAIL, workspaceFunctionTests } from "../support/secretariat.ts";

// The rehearsal of the secretariat's first import: the generated register of 2,100 sample members
// (scripts/generate/make-register.ts), imported before the year's end and reminded on 1 April.
const { msw } = workspaceFunctionTests({ testTimeout: 240_000 });

const REGISTER = readFileSync("content/register.csv", "utf8");
/** The import: ten days before the financial year 2025-26 ends. */
const IMPORT_DAY = new Date("2026-03-20T05:00:00Z");
/** 1 April 2026, 08:30 in India: the reminders' run. */
const FIRST_APRIL = new Date("2026-04-01T03:00:00Z");

type Row = Record<string, string>;
const rows: Row[] = (() => {
  const [header, ...lines] = REGISTER.trim().split("\n");
  const names = (header ?? "").split(",");
  // The sample's cells hold no commas or quotes (make-register.ts writes plain names).
  return lines.map((line) => Object.fromEntries(line.split(",").map((cell, index) => [names[index], cell])));
})();

const annualOwing = rows.filter(
  (row) =>
    (row.CLASS === "Ordinary" || row.CLASS === "Corporate Annual") &&
    (row["LAST YEAR PAID"] === "2025-26" || row["LAST YEAR PAID"] === "2024-25"),
);

async function accountOfMember(memberNo: string) {
  const row = await database()
    .selectFrom("register_members")
    .select("account_id")
    .where("member_no", "=", memberNo)
    .executeTakeFirstOrThrow();
  return (await getAccount(row.account_id)) ?? expect.fail(`no account for ${memberNo}`);
}

describe("the rehearsal: the 2,100 sample members of content/register.csv", () => {
  it("matches the sample directory: every member's name and address, once each", () => {
    const directory = readFileSync("content/directory.csv", "utf8");
    expect(rows).toHaveLength(2100);
    expect(new Set(rows.map((row) => row.EMAIL)).size).toBe(2100);
    for (const row of rows.slice(0, 50)) expect(directory).toContain(`${row.NAME},`);
    expect(rows.filter((row) => row.CLASS === "Life")).toHaveLength(1186);
  });

  it("previews 2,100 new members, none refused, before anything is imported", async () => {
    const plan = await planImport(readLines("csv", REGISTER, IMPORT_DAY));
    expect(plan.counts).toEqual({ new: 2100, changed: 0, unchanged: 0, refused: 0, conflicts: 0 });
    expect(await database().selectFrom("register_members").select("member_no").execute()).toEqual([]);
  });

  it("applies in one go: an account for each member, without a password, with the register's facts", async () => {
    const digest = await keepUpload("csv", REGISTER, OFFICE_EMAIL, IMPORT_DAY);
    const plan = await planImport(readLines("csv", REGISTER, IMPORT_DAY));
    const outcome = await applyImport(digest, plan.digest, new Set(), OFFICE_EMAIL, IMPORT_DAY);
    expect(outcome).toMatchObject({ done: "applied", added: 2100, changed: 0, unchanged: 0, kept: 0 });
    const accounts = await database()
      .selectFrom("accounts")
      .innerJoin("register_members", "register_members.account_id", "accounts.id")
      .select(["accounts.password_hash", "accounts.status", "accounts.application_id", "accounts.membership"])
      .execute();
    expect(accounts).toHaveLength(2100);
    expect(accounts.every((account) => account.password_hash === "" && account.status === "active")).toBe(
      true,
    );
    expect(accounts.every((account) => /^EN-[0-9A-F]{10}$/.test(account.application_id ?? ""))).toBe(true);
    expect(accounts.filter((account) => account.membership === "2")).toHaveLength(1186);
    expect(accounts.filter((account) => account.membership === "5")).toHaveLength(12);
    const [line] = await recentActions(1);
    expect(line).toMatchObject({ who: OFFICE_EMAIL, action: "register-import" });
    expect(line?.summary).toContain("2100 new, 0 changed, 0 unchanged, 0 site values kept");
  });

  it("recognises each member by the register: number, class and standing, and no fee asked of anyone", async () => {
    const life = rows.find((row) => row.CLASS === "Life" && !row["LIFE FEE OWED"]) as Row;
    const lifeState = membershipOf(await accountOfMember(life["MEMBER NO"] as string), IMPORT_DAY);
    expect(lifeState).toMatchObject({
      status: "active",
      life: true,
      memberNumber: life["MEMBER NO"],
      next: null,
    });

    const paying = rows.find((row) => row.CLASS === "Life" && row["LIFE FEE OWED"]) as Row;
    const payingState = membershipOf(await accountOfMember(paying["MEMBER NO"] as string), IMPORT_DAY);
    expect(payingState).toMatchObject({ status: "active", life: false, activeUntil: "2027-03-19" });
    expect(payingState.next).toMatchObject({
      kind: "instalment",
      period: "L2",
      amount: Number(paying["LIFE FEE OWED"]),
    });

    const honorary = rows.find((row) => row.CLASS === "Honorary") as Row;
    expect(membershipOf(await accountOfMember(honorary["MEMBER NO"] as string), IMPORT_DAY)).toMatchObject({
      status: "active",
      rule: "honorary",
      next: null,
    });

    const ordinary = await accountOfMember(
      (rows.find((row) => row["LAST YEAR PAID"] === "2025-26") as Row)["MEMBER NO"] as string,
    );
    expect(membershipOf(ordinary, IMPORT_DAY)).toMatchObject({ status: "active", activeUntil: "2026-03-31" });
    const due = membershipOf(ordinary, FIRST_APRIL);
    expect(due).toMatchObject({ status: "renewal-due", arrearsYear: "2026-27" });
    // The renewal alone: no registration fee, the usual reference by the account's own number.
    expect(due.next?.items.map((item) => item.label)).toEqual(["Subscription for 2026-27"]);
    expect(due.next?.reference).toBe(`ISGPB-M-${ordinary.applicationId.slice(3)}-2026-27`);
  });

  it("counts them in the workspace's overview: who owes on the day of the import, and on 1 April", async () => {
    // Before 1 April only the 96 a year behind owe (2025-26); on 1 April the 760 paid to 2025-26
    // are due, and the 96 have lapsed (a year of arrears), which the overview no longer counts.
    expect(await owingCounts(IMPORT_DAY)).toEqual({
      "renewal-due": 96,
      "instalment-overdue": 0,
      "in-arrears": 0,
    });
    expect(await owingCounts(FIRST_APRIL)).toEqual({
      "renewal-due": 760,
      "instalment-overdue": 0,
      "in-arrears": 0,
    });
  });

  it("the office invites the whole register in one press; a member claims from the invitation and is recognised", async () => {
    const { mailed } = await sendStage("invitation", {}, OFFICE_EMAIL, ORIGIN, IMPORT_DAY);
    expect(mailed).toBe(2100);
    const invitations = (await outboxMails()).filter((mail) => mail.key.startsWith("claim-invitation/"));
    expect(new Set(invitations.map((mail) => mail.to[0])).size).toBe(2100);
    const life = rows.find((row) => row.CLASS === "Life" && !row["LIFE FEE OWED"]) as Row;
    const mail = invitations.find((one) => one.to[0] === life.EMAIL) ?? expect.fail("not invited");
    expect(mail.text).toContain(`Dear ${life.NAME},`);
    expect(mail.text).toContain(`member ${life["MEMBER NO"]}, Life member`);
    const token = new URL(
      /(https:\/\/\S+\/claim-account\/password\?\S+)/.exec(mail.text)?.[1] ?? "",
    ).searchParams.get("token");
    const claimed = await claimAccount(
      token,
      "Kharif-sowing-2026",
      new Date(IMPORT_DAY.getTime() + 3_600_000),
    );
    expect(claimed).toMatchObject({ ok: true, memberNo: life["MEMBER NO"] });
    const account = await accountOfMember(life["MEMBER NO"] as string);
    expect(account.register?.claimedAt).toBeTruthy();
    expect(membershipOf(account, FIRST_APRIL)).toMatchObject({
      status: "active",
      life: true,
      memberNumber: life["MEMBER NO"],
      next: null,
    });
    // The sender delivers the invitations in its own time; the reminders' run below counts its own mails.
    await database().deleteFrom("outbox").where("key", "like", "claim-invitation/%").execute();
  });

  it("on 1 April the reminders reach every annual member who owes, at the register's address, claimed or not", async () => {
    const batches: SentBatch[] = [];
    msw.use(resendBatchAccepts(batches));
    const run = await runMembershipReminders({ now: FIRST_APRIL, origin: ORIGIN, budgetMs: 600_000 });
    const paid2025 = annualOwing.filter((row) => row["LAST YEAR PAID"] === "2025-26");
    const arrears = annualOwing.filter((row) => row["LAST YEAR PAID"] === "2024-25");
    expect(paid2025).toHaveLength(760);
    expect(arrears).toHaveLength(96);
    // Paid to 2025-26: renewal due and reminded. A year in arrears: the year has passed, lapsed.
    expect(run.recorded).toMatchObject({ "renewal-reminder": 760, lapsed: 96, "second-notice": 0 });
    expect(run.left).toBe(0);
    const mails = await outboxMails();
    const reached = new Set(mails.flatMap((mail) => mail.to));
    expect(reached).toEqual(new Set(annualOwing.map((row) => row.EMAIL)));
    // Sent in Resend's batches of 100, each mail once.
    expect(batches.flatMap((batch) => batch.emails)).toHaveLength(856);
  });

  it("a second import of the same file is all unchanged: nothing written but the import's record and its line", async () => {
    const before = await database().selectFrom("accounts").selectAll().orderBy("id").execute();
    const plan = await planImport(readLines("csv", REGISTER, FIRST_APRIL));
    expect(plan.counts).toEqual({ new: 0, changed: 0, unchanged: 2100, refused: 0, conflicts: 0 });
    const digest = await keepUpload("csv", REGISTER, OFFICE_EMAIL, FIRST_APRIL);
    const outcome = await applyImport(digest, plan.digest, new Set(), OFFICE_EMAIL, FIRST_APRIL);
    expect(outcome).toMatchObject({ done: "applied", added: 0, changed: 0, unchanged: 2100 });
    expect(await database().selectFrom("accounts").selectAll().orderBy("id").execute()).toEqual(before);
    const imports = await database().selectFrom("register_imports").select("id").execute();
    expect(imports).toHaveLength(2);
  });
});
