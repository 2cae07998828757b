/**
 * Presses that land at the same moment (issue 56, item 5), each through real Requests fired
 * together: the database's keys and row locks decide, so each change is made, mailed and logged
 * once. Under the Blobs code two confirmed Reject presses sent two rejection mails and wrote two
 * audit lines; these tests hold the database to one.
 */
import { HttpResponse, http } from "msw";
import { describe, expect, it, vi } from "vitest";
import type { Account } from "../../src/server/account/accounts.server.ts";
import { database } from "../../src/server/db/database.server.ts";
import { membershipContent } from "../../src/server/membership/membership-content.server.ts";
import { runMembershipReminders } from "../../src/server/membership/membership-reminders.server.ts";
import { approvalUrl } from "../../src/server/membership/payment-approval.server.ts";
import { issueFormToken } from "../../src/server/spam/form-guard.server.ts";
import { todayInIndia } from "../../src/shared/format-date.ts";
import { financialYearLabel } from "../../src/shared/membership/calendar.ts";
import { memberNumberOf } from "../../src/shared/membership/reference.ts";
import { outboxMails } from "../support/database.ts";
import { pageServer, readData } from "../support/page-server.ts";
import { formPostRequest, scriptPostRequest } from "../support/requests.ts";
import { makeAccount, workspaceFunctionTests } from "../support/secretariat.ts";

const { office, pages, msw } = workspaceFunctionTests();

const SECRET = "concurrency-test-secret";
const ORIGIN = "http://localhost";

let memberPages: ReturnType<typeof pageServer> | undefined;
const memberPage = async (request: Request, visitor: { ip?: string } = {}) => {
  memberPages ??= pageServer((route) => ["approve-payment", "sign-up"].includes(route));
  return (await memberPages)(request, visitor);
};

/** The audit lines and the mails about one account. */
const linesOf = async (account: Account) =>
  database().selectFrom("audit_log").selectAll().where("account_id", "=", account.key).execute();
const mailsTo = async (email: string) => (await outboxMails()).filter((mail) => mail.to.includes(email));

/** A confirmed applicant, waiting for the first payment. */
const applicant = (email: string) =>
  makeAccount(email, { submittedAt: new Date(Date.now() - 10 * 86_400_000).toISOString() });

describe("presses at the same moment", () => {
  it("records one payment, one mail and one audit line when the workspace's button and the e-mailed link are pressed at once", async () => {
    vi.stubEnv("SIGNING_SECRET", SECRET);
    const account = await applicant("paid.twice@example.org");
    const link = await approvalUrl(ORIGIN, SECRET, {
      account: account.key,
      application: account.applicationId,
    });
    const token = new URL(link).searchParams.get("token") ?? "";
    const date = todayInIndia();
    const [workspace, emailed] = await Promise.all([
      pages(
        formPostRequest(
          `/secretariat/applications/${account.key}?do=payment`,
          { amount: "1500", date, bankReference: "UTR-RACE-1" },
          office(),
        ),
      ),
      memberPage(
        scriptPostRequest(`/approve-payment?token=${encodeURIComponent(token)}`, {
          token,
          amount: "1500",
          date,
        }),
      ),
    ]);
    expect(workspace.status).toBe(303);
    const link303 = await readData(emailed);
    // One of the two recorded it; the other was told it is in.
    const outcomes = [workspace.headers.get("location") ?? "", link303.redirect ?? ""];
    expect(outcomes.filter((where) => /done=payment-recorded|status=approved/.test(where))).toHaveLength(1);
    const payments = await database()
      .selectFrom("payments")
      .selectAll()
      .where("account_id", "=", account.key)
      .execute();
    expect(payments).toHaveLength(1);
    expect(await linesOf(account)).toHaveLength(1);
    expect(await mailsTo(account.email)).toHaveLength(1);
  });

  it("rejects an application once when two confirmed Reject presses land together, and reopens it once likewise", async () => {
    const account = await applicant("rejected.twice@example.org");
    const reject = () =>
      pages(
        formPostRequest(
          `/secretariat/applications/${account.key}?do=reject`,
          { reason: "No payment reached us.", confirm: "yes" },
          office(),
        ),
      );
    const rejections = await Promise.all([reject(), reject()]);
    expect(rejections.map((response) => response.headers.get("location")).sort()).toEqual([
      `/secretariat/applications/${account.key}?done=reject-already`,
      `/secretariat/applications/${account.key}?done=rejected`,
    ]);
    const standing = await database()
      .selectFrom("rejections")
      .selectAll()
      .where("account_id", "=", account.key)
      .execute();
    expect(standing).toHaveLength(1);
    expect((await linesOf(account)).map((line) => line.action)).toEqual(["reject"]);
    expect(await mailsTo(account.email)).toHaveLength(1);

    const reopen = () =>
      pages(formPostRequest(`/secretariat/applications/${account.key}?do=reopen`, {}, office()));
    const reopenings = await Promise.all([reopen(), reopen()]);
    expect(reopenings.map((response) => response.headers.get("location")).sort()).toEqual([
      `/secretariat/applications/${account.key}?done=reopen-not-rejected`,
      `/secretariat/applications/${account.key}?done=reopened`,
    ]);
    const rows = await database()
      .selectFrom("rejections")
      .selectAll()
      .where("account_id", "=", account.key)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.reopened_at).not.toBeNull();
    expect((await linesOf(account)).map((line) => line.action).sort()).toEqual(["reject", "reopen"]);
    expect(await mailsTo(account.email)).toHaveLength(2);
  });

  it("makes one account when two enrolments with one address arrive at once", async () => {
    vi.stubEnv("SIGNING_SECRET", SECRET);
    const email = "twice.enrolled@example.org";
    const form = async (name: string) => ({
      membership: "2",
      name,
      designation: "Scientist",
      dob: "1985-03-01",
      gender: "Female",
      indianLanguages: "Hindi",
      address: "Plant Breeding Division",
      country: "India",
      state: "Delhi",
      city: "New Delhi",
      pincode: "110012",
      phone: "011 0000 0077",
      mobile: "90000 00077",
      email,
      password: "Rabi-harvest-7781",
      confirmPassword: "Rabi-harvest-7781",
      areasOfInterest: "Wheat",
      agreement: "on",
      form_token: await issueFormToken(SECRET, new Date(Date.now() - 60_000)),
    });
    const answers = await Promise.all(
      [await form("Kavya Rao"), await form("Kavya S. Rao")].map(async (fields, index) =>
        readData(await memberPage(scriptPostRequest("/sign-up", fields), { ip: `203.0.113.${20 + index}` })),
      ),
    );
    for (const answer of answers) expect(answer.redirect).toMatch(/^\/sign-up\?status=sent/);
    const accounts = await database()
      .selectFrom("accounts")
      .select(["id", "name"])
      .where((where) => where(where.fn("lower", ["email"]), "=", email))
      .execute();
    expect(accounts).toHaveLength(1);
    // The account's own link, and the other form told of the account waiting (its link again).
    const names = (await mailsTo(email)).map((mail) => mail.name).sort();
    expect(names).toEqual(["owner", "verification"]);
  });

  it("mails each member once when two reminder runs go at the same moment", async () => {
    const start = membershipContent().calendar.financialYearStartMonth;
    const members: Account[] = [];
    for (let i = 0; i < 5; i++) {
      const email = `due${i}@example.org`;
      const base = await makeAccount(email, {
        status: "active",
        submittedAt: "2026-05-01T06:00:00.000Z",
        activatedAt: "2026-05-01T06:00:00.000Z",
        emailVerifiedAt: "2026-05-01T06:00:00.000Z",
      });
      const { storeRecords } = await import("../support/membership-records.ts");
      members.push(
        await storeRecords(base.key, {
          payments: [
            {
              reference: `ISGPB-${memberNumberOf(base.applicationId)}-${financialYearLabel(2026, start)}`,
              amount: 1200,
              paidOn: "2026-05-01",
              confirmedAt: "2026-05-01T06:00:00.000Z",
            },
          ],
        }),
      );
    }
    // Resend's batch call, as the outbox's sender makes it for several mails at once.
    const batches: { emails: Record<string, unknown>[] }[] = [];
    msw.use(
      http.post("https://api.resend.com/emails/batch", async ({ request }) => {
        const emails = (await request.json()) as Record<string, unknown>[];
        batches.push({ emails });
        return HttpResponse.json({
          data: emails.map((_, index) => ({ id: `batch-${batches.length}-${index}` })),
        });
      }),
    );
    const now = new Date("2027-04-02T03:00:00Z");
    const runs = await Promise.all([
      runMembershipReminders({ now, origin: ORIGIN }),
      runMembershipReminders({ now, origin: ORIGIN }),
    ]);
    // Between them the two runs recorded each notice once (an earlier test's member is due too).
    expect(runs.reduce((sum, run) => sum + run.recorded["renewal-reminder"], 0)).toBe(members.length + 1);
    // Delivered in Resend's batches, each member's mail once.
    const delivered = batches.flatMap((batch) => batch.emails.map((mail) => (mail.to as string[])[0]));
    for (const member of members) expect(delivered.filter((to) => to === member.email)).toHaveLength(1);
    for (const member of members) {
      const mails = await mailsTo(member.email);
      expect(mails, member.email).toHaveLength(1);
      expect(mails[0]?.subject).toContain("subscription for 2027-28 is due");
    }
    const notices = await database()
      .selectFrom("notices")
      .selectAll()
      .where(
        "account_id",
        "in",
        members.map((member) => member.key),
      )
      .execute();
    expect(notices).toHaveLength(members.length);
  });
});
