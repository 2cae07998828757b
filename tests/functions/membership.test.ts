import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type Account, findAccount, type NewAccount } from "../../src/server/account/accounts.server.ts";
import { sessionCookie, startSession } from "../../src/server/account/sessions.server.ts";
import { membershipContent } from "../../src/server/membership/membership-content.server.ts";
import { longDay, membershipPanel } from "../../src/server/membership/membership-panel.server.ts";
import { runMembershipReminders } from "../../src/server/membership/membership-reminders.server.ts";
import { approvalUrl } from "../../src/server/membership/payment-approval.server.ts";
import { type MembershipPanelData, membershipPanelSchema } from "../../src/shared/api/membership.ts";
import { todayInIndia } from "../../src/shared/format-date.ts";
import {
  addDays,
  addMonths,
  dayInIndia,
  financialYearLabel,
  financialYearOf,
} from "../../src/shared/membership/calendar.ts";
import { memberNumberOf } from "../../src/shared/membership/reference.ts";
import {
  resendAccepts,
  resendBatchAccepts,
  resendBatchTakesButHangs,
  resendHangs,
  type SentMail,
} from "../mocks/resend.ts";
import { emptyTables, outboxMails, startDatabase } from "../support/database.ts";
import { withFeesGiven } from "../support/membership-fees.ts";
import { type AccountRecords, createWithRecords, storeRecords } from "../support/membership-records.ts";
import { setupMsw } from "../support/msw.ts";
import { pageServer, readData, readPage } from "../support/page-server.ts";
import { formPostRequest, pageRequest, scriptPostRequest } from "../support/requests.ts";

const sent: SentMail[] = [];
// The reminders go out through Resend's batch call where there are several; each lands in `sent`.
const msw = setupMsw(resendAccepts(sent), resendBatchAccepts([], sent));
const { local } = startDatabase();

const SECRET = "membership-test-secret";
const ORIGIN = "https://isgpb.example";
const content = membershipContent();
const start = content.calendar.financialYearStartMonth;
const label = (year: number) => financialYearLabel(year, start);

/** The account page and the approval link's page, as the site answers them. */
let pages: (request: Request) => Promise<Response>;

beforeAll(async () => {
  pages = await pageServer((path) => path === "account" || path === "approve-payment");
  vi.stubEnv("SIGNING_SECRET", SECRET);
  vi.stubEnv("RESEND_API_KEY", "re_test_key");
  vi.stubEnv("RESEND_TIMEOUT_MS", "1000");
  vi.stubEnv("URL", ORIGIN);
});
afterAll(() => vi.unstubAllEnvs());
beforeEach(async () => {
  sent.length = 0;
  // Each test starts with no accounts: the schedule reads every account there is.
  await emptyTables(local());
});

let serial = 0;
/** A confirmed account, stored directly (the enrolment itself is tested in members.test.ts). */
async function account(
  membership: string,
  extra: Partial<NewAccount & AccountRecords> = {},
): Promise<Account> {
  serial++;
  const email = `member${serial}@example.org`;
  return createWithRecords({
    email,
    name: `Member ${serial}`,
    membership,
    applicationId: `EN-${String(serial).padStart(10, "0")}`,
    submissionId: "",
    submittedAt: "2026-05-01T06:00:00.000Z",
    status: "pending-payment",
    passwordHash: "not-used-here",
    ...extra,
  });
}

const paid = (member: Account, year: number, paidOn: string) => ({
  reference: `ISGPB-${memberNumberOf(member.applicationId)}-${label(year)}`,
  amount: null,
  paidOn,
  confirmedAt: `${paidOn}T06:00:00.000Z`,
});

/**
 * The secretariat presses 'Mark payment received' on the link's page, with JavaScript: where the
 * page goes next (its outcome), or the refusal's status.
 */
async function approve(token: string, fields: Record<string, string> = {}) {
  const page = `/approve-payment?token=${encodeURIComponent(token)}`;
  const body = { token, amount: "1200", date: todayInIndia(), ...fields };
  return readData(await pages(scriptPostRequest(page, body)));
}
const tokenOf = (url: string) => new URL(url).searchParams.get("token") ?? "";
/** The approval page's outcome for the member's application: recorded now, or already. */
const outcome = (status: "approved" | "already", member: Account) =>
  `/approve-payment?status=${status}&id=${member.applicationId}`;

/** The secretariat presses 'Mark payment received' on the link's page, without JavaScript. */
async function approveOnPage(link: string, amount: string) {
  const { pathname, search } = new URL(link);
  const response = await pages(formPostRequest(`${pathname}${search}`, { amount, date: todayInIndia() }));
  expect(response.status).toBe(303);
  return response.headers.get("location");
}

describe("confirming a payment", () => {
  it("records the application's payment once and sets the period it pays for", async () => {
    const member = await account("1");
    const token = tokenOf(
      await approvalUrl(ORIGIN, SECRET, { account: member.key, application: member.applicationId }),
    );
    const year = financialYearOf(dayInIndia(new Date()), start);

    expect((await approve(token)).redirect).toBe(outcome("approved", member));
    expect((await approve(token)).redirect).toBe(outcome("already", member));

    const stored = await findAccount(member.email);
    expect(stored?.payments).toHaveLength(1);
    expect(stored?.payments?.[0]).toMatchObject({
      reference: `ISGPB-${member.applicationId}-${label(year)}`,
      paidOn: dayInIndia(new Date()),
      kind: "application",
    });
    expect(sent).toHaveLength(1);

    // A renewal link names its payment; it too is recorded once, and extends the period.
    const renewal = `ISGPB-${memberNumberOf(member.applicationId)}-${label(year + 1)}`;
    const renewalToken = tokenOf(
      await approvalUrl(ORIGIN, SECRET, {
        account: member.key,
        application: member.applicationId,
        reference: renewal,
      }),
    );
    expect((await approve(renewalToken, { amount: "1,000" })).redirect).toBe(outcome("approved", member));
    expect((await approve(renewalToken)).redirect).toBe(outcome("already", member));
    const renewed = await findAccount(member.email);
    expect(renewed?.payments?.map((payment) => [payment.reference, payment.amount])).toEqual([
      [`ISGPB-${member.applicationId}-${label(year)}`, 1200],
      [renewal, 1000],
    ]);
    expect(sent.at(-1)?.body.subject).toBe(`Payment received (${renewal})`);
    // The account page lists both, as receipts.
    const { document } = await readPage(await pages(pageRequest("/account", await sessionOf(member))));
    const rows = [
      ...(document.querySelectorAll('#membership table[aria-labelledby="payments-received"] tbody tr') ?? []),
    ].map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent));
    const today = longDay(dayInIndia(new Date()));
    expect(rows).toEqual([
      [`ISGPB-${member.applicationId}-${label(year)}`, "₹1,200", today],
      [renewal, "₹1,000", today],
    ]);
  });

  it("refuses an amount that is not a whole number of rupees, and records nothing", async () => {
    const member = await account("1");
    const token = tokenOf(
      await approvalUrl(ORIGIN, SECRET, { account: member.key, application: member.applicationId }),
    );
    const refused = await approve(token, { amount: "12.5" });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      errors: { amount: expect.any(String) },
      values: { amount: "12.5" },
    });
    expect((await findAccount(member.email))?.payments).toBeUndefined();
  });

  it("adds up life instalments from the amounts the link's page records, once the fees are given", async () => {
    withFeesGiven();
    const member = await account("2");
    const approval = { account: member.key, application: member.applicationId };
    expect(await approveOnPage(await approvalUrl(ORIGIN, SECRET, approval), "5,000")).toBe(
      `/approve-payment?status=approved&id=${member.applicationId}`,
    );
    // Not yet life: the rest is due, as the second instalment.
    const second = `ISGPB-${memberNumberOf(member.applicationId)}-L2`;
    const partPaid = await panelOf(member);
    expect(partPaid.status).toBe("active");
    expect(partPaid.statusLine).not.toBe("Active: life membership");
    expect(partPaid.due).toMatchObject({ reference: second, total: "₹7,200" });
    // The account page splits the fee as the receipt and the mail do: the registration fee apart
    // from the life membership fee, not ₹12,200 called the life membership fee (issue 54, item 10).
    const { document } = await readPage(await pages(pageRequest("/account", await sessionOf(member))));
    const rows = [...document.querySelectorAll("#membership dl > div")].map((row) => [
      row.querySelector("dt")?.textContent,
      row.querySelector("dd")?.textContent,
    ]);
    expect(rows).toEqual(
      expect.arrayContaining([
        ["Registration fee", "₹200"],
        ["Life membership fee", "₹12,000"],
        ["Total", "₹12,200"],
        ["Paid so far", "₹5,000 in 1 of up to 3 instalments"],
        ["Still owed", "₹7,200"],
      ]),
    );
    expect(
      await approveOnPage(await approvalUrl(ORIGIN, SECRET, { ...approval, reference: second }), "7200"),
    ).toBe(`/approve-payment?status=approved&id=${member.applicationId}`);
    const life = await panelOf(member);
    expect(life.statusLine).toBe("Active: life membership");
    expect(life.due).toBeNull();
    expect((await findAccount(member.email))?.payments?.map((payment) => payment.amount)).toEqual([
      5000, 7200,
    ]);
  });

  it("with the fee to be announced, a first life payment is an instalment: what is paid and what is owed", async () => {
    const member = await account("2");
    const token = tokenOf(
      await approvalUrl(ORIGIN, SECRET, { account: member.key, application: member.applicationId }),
    );
    await approve(token, { amount: "5,000" });
    const stored = await findAccount(member.email);
    expect(stored?.payments?.[0]?.reference).toBe(`ISGPB-${member.applicationId}-L1`);
    const panel = await panelOf(member);
    expect(panel.statusLine).not.toBe("Active: life membership");
    expect(panel.lifeFee).toMatchObject({ paid: "₹5,000 in 1 of up to 3 instalments" });
    expect(panel.due?.reference).toBe(`ISGPB-${memberNumberOf(member.applicationId)}-L2`);

    // The other two instalments allowed, neither marked as completing the fee: the rest is owed by
    // the end of the instalment year, which has not ended, and the page says both without contradiction.
    for (const period of ["L2", "L3"]) {
      const reference = `ISGPB-${memberNumberOf(member.applicationId)}-${period}`;
      await approve(
        tokenOf(
          await approvalUrl(ORIGIN, SECRET, {
            account: member.key,
            application: member.applicationId,
            reference,
          }),
        ),
        { amount: "1,000" },
      );
    }
    const exhausted = await panelOf(member);
    // A year of instalments from the first, paid today.
    const lastDay = longDay(addDays(addMonths(dayInIndia(new Date()), 12), -1));
    expect(exhausted.note).toBe(
      `You have paid the 3 instalments the society's rules allow, and your life membership fee is not yet complete. Pay what is still owed by ${lastDay}, quoting the reference below: the secretariat records a further instalment with the reason it accepts it.`,
    );
    expect(exhausted.due?.dueLine).toBe(`It falls due on ${lastDay}.`);
  });

  it("a first life payment the secretariat marks as the whole fee makes a life membership", async () => {
    const member = await account("2");
    const token = tokenOf(
      await approvalUrl(ORIGIN, SECRET, { account: member.key, application: member.applicationId }),
    );
    await approve(token, { amount: "12,200", completesFee: "on" });
    expect((await findAccount(member.email))?.payments?.[0]).toMatchObject({ completesFee: true });
    expect((await panelOf(member)).statusLine).toBe("Active: life membership");
  });
});

const sessionOf = async (member: Account) =>
  sessionCookie(await startSession(member.key)).split(";")[0] ?? "";

/** The account page's data as a client navigation asks for it (`/account.data`). */
const accountData = async (cookie?: string) =>
  pages(pageRequest("/account.data", cookie, { headers: { accept: "*/*" } }));

/** The membership part of the member's account, as the account page's loader gives it. */
async function panelOf(member: Account): Promise<MembershipPanelData> {
  const response = await accountData(await sessionOf(member));
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  const routes = (await readData(response)).data as Record<string, { data?: { panel?: unknown } }>;
  return membershipPanelSchema.parse(routes["routes/account"]?.data?.panel);
}

describe("the account page's membership data", () => {
  it("gives the status, what to pay next with its reference, the bank details and a UPI link, all worded", async () => {
    const member = await account("1");
    const panel = await panelOf(member);
    const year = financialYearOf(dayInIndia(new Date()), start);
    const reference = `ISGPB-${member.applicationId}-${label(year)}`;
    expect(panel.status).toBe("pending-payment");
    expect(panel.statusLine).toBe("Pending payment");
    expect(panel.due?.reference).toBe(reference);
    expect(panel.due?.bank.map(([, value]) => value)).toContain(content.bank.accountNumber);
    expect(panel.due?.upiLink.startsWith(`upi://pay?pa=${content.upi.address}&`)).toBe(true);
    expect(panel.due?.upiLink).toContain(`tn=${reference}`);
    expect(panel.due?.total).toBe("to be announced");
    expect(panel.due?.qr.path).toMatch(/^M/);
    // No amount yet: the link says so in a sentence, and carries no am=.
    expect(panel.due?.upiLabel).toBe("Pay with a UPI app; enter the amount yourself");
    expect(panel.due?.upiLink).not.toContain("am=");
    expect(panel.due?.qrCaption).toBe(
      `Scan with a UPI app and enter the amount yourself; reference ${reference}.`,
    );
  });

  it("says the last day that still counts before removal and before the lapse", async () => {
    const member = await account("1", { status: "active", remindedOn: { "2026-27": "2026-04-01" } });
    await saveWithPayments(member, [paid(member, 2025, "2025-05-01")]);
    const stored = (await findAccount(member.email)) as Account;
    const { membershipPanel } = await import("../../src/server/membership/membership-panel.server.ts");
    const due = membershipPanel(stored, new Date("2026-06-30T12:00:00Z"));
    expect(due.note).toContain("If it is not paid by 30 June 2026");
    const arrears = membershipPanel(stored, new Date("2026-07-01T12:00:00Z"));
    expect(arrears.note).toContain("Pay it by 31 March 2027 to be restored");
  });

  it("with an amount, says it and puts it in the UPI link", async () => {
    withFeesGiven();
    const panel = await panelOf(await account("1"));
    expect(panel.due?.upiLabel).toBe("Pay ₹1,200 with a UPI app");
    expect(panel.due?.upiLink).toMatch(/[?&]am=1200\.00(&|$)/);
  });

  it("tells an author or reviewer only what applies to them: nothing about members' payments", async () => {
    const author = await account("none", { status: "active", activatedAt: "2026-06-01T06:00:00.000Z" });
    const panel = await panelOf(author);
    const words = JSON.stringify(panel);
    for (const wording of ["Member number", "first payment", "What to pay", "Payment reference", "UPI"])
      expect(words).not.toContain(wording);
    expect(panel.memberNumber).toBeUndefined();
    expect(panel).toMatchObject({
      title: "Author or reviewer account",
      due: null,
      note: "There is nothing to pay: an author or reviewer account needs no membership.",
    });
  });

  it("is given to no one without a session: a script is sent to sign in", async () => {
    const answer = await readData(await accountData());
    expect(answer.redirect).toBe("/login");
    expect(answer.data).toBeUndefined();
  });
});

describe("the account page's membership part", () => {
  it("shows the status, the reference to quote, the bank details, a UPI link and its QR code", async () => {
    const member = await account("1");
    const panel = await panelOf(member);
    const response = await pages(pageRequest("/account", await sessionOf(member)));
    expect(response.status).toBe(200);
    const { document } = await readPage(response);
    const part = document.getElementById("membership");
    expect(part?.querySelector("[data-membership-status]")?.textContent).toBe("Pending payment");
    expect(part?.querySelector("strong[data-payment-reference]")?.textContent).toBe(panel.due?.reference);
    expect(part?.textContent).toContain(content.bank.accountNumber);
    expect(part?.querySelector(`a[href^="upi://pay?pa="]`)?.getAttribute("href")).toBe(panel.due?.upiLink);
    const qr = part?.querySelector('svg[role="img"]');
    expect(qr?.getAttribute("aria-label")).toBe(`UPI QR code for payment ${panel.due?.reference}`);
    expect(qr?.querySelector("path")?.getAttribute("d")).toBe(panel.due?.qr.path);
  });

  it("tells an author or reviewer only that there is nothing to pay (issue 33, item 9)", async () => {
    const author = await account("none", { status: "active", activatedAt: "2026-06-01T06:00:00.000Z" });
    const { document } = await readPage(await pages(pageRequest("/account", await sessionOf(author))));
    const part = document.getElementById("membership");
    expect(part?.querySelector("h2")?.textContent).toBe("Author or reviewer account");
    expect(part?.textContent).toContain(
      "There is nothing to pay: an author or reviewer account needs no membership.",
    );
    const main = document.querySelector("main")?.textContent ?? "";
    for (const wording of ["Member number", "What to pay", "Payment reference", "UPI", "what to pay"])
      expect(main).not.toContain(wording);
  });

  it("sends a visitor without a session to sign in", async () => {
    const response = await pages(pageRequest("/account"));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/login");
  });
});

describe("the membership-reminders schedule", () => {
  const run = (day: string, options: { budgetMs?: number } = {}) =>
    runMembershipReminders({ now: new Date(`${day}T03:00:00Z`), origin: ORIGIN, ...options });
  const subjects = () => sent.map(({ body }) => `${(body.to as string[])[0]}: ${body.subject}`);

  it("mails each member exactly what their state calls for, once, on the constitution's dates", async () => {
    const lapsing = await account("1", { status: "active" });
    await saveWithPayments(lapsing, [paid(lapsing, 2026, "2026-05-01")]);
    const paidUp = await account("3", { status: "active" });
    await saveWithPayments(paidUp, [paid(paidUp, 2027, "2027-03-20")]);
    const life = await account("2", { status: "active" });
    await saveWithPayments(life, [
      { ...paid(life, 2026, "2026-05-01"), reference: `ISGPB-${life.applicationId}-L1` },
    ]);
    await account("1"); // never paid: pending, nothing to remind
    const reference = `ISGPB-${memberNumberOf(lapsing.applicationId)}-2027-28`;

    await run("2027-03-31");
    expect(sent).toHaveLength(0);

    await run("2027-04-01");
    expect(subjects()).toEqual([
      `${lapsing.email}: Your ISGPB subscription for 2027-28 is due (${reference})`,
    ]);
    const reminder = sent[0]?.body.text as string;
    // The last day that still counts: in arrears from 00:00 IST on 1 July.
    expect(reminder).toContain("If it is not paid by 30 June 2027");
    expect(reminder).not.toContain("1 July");
    expect(reminder).toContain(`tn=${reference}`);
    expect(reminder).toContain(content.bank.accountNumber);
    expect(reminder).toContain(`${ORIGIN}/account/membership`);
    expect(sent[0]?.idempotencyKey).toMatch(/^membership-notice\//);

    // Reruns, the same day and later in the month, mail no one again.
    await run("2027-04-01");
    await run("2027-04-15");
    expect(sent).toHaveLength(1);
    expect((await findAccount(lapsing.email))?.remindedOn).toEqual({ "2027-28": "2027-04-01" });

    await run("2027-06-30");
    expect(sent).toHaveLength(1);
    await run("2027-07-01");
    expect(subjects().at(-1)).toBe(
      `${lapsing.email}: Second notice: your ISGPB subscription for 2027-28 is unpaid (${reference})`,
    );
    expect(String(sent.at(-1)?.body.text)).toContain("Pay it by 31 March 2028 to be restored");
    await run("2027-07-02");
    expect(sent).toHaveLength(2);

    // The paid-up member's year ends on 31 March 2028: reminded then, as the other lapses and is told.
    await run("2028-04-01");
    const rejoin = `ISGPB-${memberNumberOf(lapsing.applicationId)}-2028-29`;
    expect(subjects().slice(2).sort()).toEqual(
      [
        `${paidUp.email}: Your ISGPB subscription for 2028-29 is due (ISGPB-${memberNumberOf(paidUp.applicationId)}-2028-29)`,
        `${lapsing.email}: Your ISGPB membership has been cancelled`,
      ].sort(),
    );
    const cancelled = String(
      sent.find(
        (mail) =>
          (mail.body.to as string[])[0] === lapsing.email && /cancelled/.test(String(mail.body.subject)),
      )?.body.text,
    );
    expect(cancelled).toContain("after a year of arrears");
    expect(cancelled).toContain("To join again");
    expect(cancelled).toContain(`Payment reference: ${rejoin}`);
    expect(cancelled).toContain(`${ORIGIN}/contact-us`);
    expect((await findAccount(lapsing.email))?.notices).toEqual({
      "2027-28/renewal-reminder": "2027-04-01",
      "2027-28/second-notice": "2027-07-01",
      "2027-28/lapsed": "2028-04-01",
    });
    await run("2028-04-01");
    expect(sent).toHaveLength(4);
  });

  it("reminds a life member of an instalment owed before the year ends and when it ends, and removes only after that", async () => {
    withFeesGiven();
    const life = await account("2", { status: "active", submittedAt: "2026-04-20T06:00:00.000Z" });
    await saveWithPayments(life, [
      {
        reference: `ISGPB-${life.applicationId}-L1`,
        amount: 5000,
        paidOn: "2026-05-01",
        confirmedAt: "2026-05-01T06:00:00.000Z",
      },
    ]);
    const rest = `ISGPB-${memberNumberOf(life.applicationId)}-L2`;

    await run("2027-03-31");
    expect(sent).toHaveLength(0);
    await run("2027-04-01");
    expect(subjects()).toEqual([
      `${life.email}: The rest of your ISGPB life membership fee is due by 30 April 2027 (${rest})`,
    ]);
    const reminder = String(sent[0]?.body.text);
    expect(reminder).toContain("Paid so far: ₹5,000 in 1 of up to 3 instalments");
    expect(reminder).toContain("Still owed: ₹7,200");
    expect(reminder).toContain(`tn=${rest}`);
    expect(reminder).toContain("am=7200.00");
    await run("2027-04-15");
    expect(sent).toHaveLength(1);

    // The day after the year of instalments: told it has ended, and from when removal counts.
    await run("2027-05-01");
    expect(subjects().at(-1)).toBe(
      `${life.email}: The rest of your ISGPB life membership fee is overdue (${rest})`,
    );
    expect(String(sent.at(-1)?.body.text)).toContain("If the rest is not paid by 31 July 2027");
    const told = await findAccount(life.email);
    expect(told?.remindedOn).toEqual({ life: "2027-05-01" });
    expect(told?.notices).toEqual({
      "life/instalment-reminder": "2027-04-01",
      "life/instalment-overdue": "2027-05-01",
    });
    await run("2027-07-31");
    expect(sent).toHaveLength(2);
    await run("2027-08-01");
    expect(subjects().at(-1)).toBe(
      `${life.email}: Second notice: the rest of your ISGPB life membership fee is unpaid (${rest})`,
    );
    await run("2027-08-02");
    expect(sent).toHaveLength(3);

    // A year after the instalment year ended: cancelled, and told the one thing the account page
    // says the same day (issue 54): pay the rest, quoting its reference; never to apply again.
    await run("2028-05-01");
    expect(subjects().at(-1)).toBe(`${life.email}: Your ISGPB membership has been cancelled`);
    const cancelled = String(sent.at(-1)?.body.text);
    const page = membershipPanel(
      (await findAccount(life.email)) as Account,
      new Date("2028-05-01T06:00:00Z"),
    );
    expect(page.status).toBe("lapsed");
    const instruction = page.note?.split(". ").slice(1).join(". ") ?? "";
    expect(instruction).toMatch(/^To be a member again, pay what is still owed of your life membership fee/);
    expect(cancelled.replace(/\s+/g, " ")).toContain(instruction);
    expect(cancelled).toContain(`Payment reference: ${rest}`);
    expect(page.due?.reference).toBe(rest);
    expect(cancelled).not.toContain("/sign-up");
    expect(cancelled).not.toContain("To join again");
  });

  it("keeps its deadline when Resend hangs, and leaves the mails for retry-mail", async () => {
    msw.use(resendHangs(), resendBatchTakesButHangs([]));
    vi.stubEnv("RESEND_TIMEOUT_MS", "5000");
    for (let i = 0; i < 4; i++) {
      const member = await account("1", { status: "active" });
      await saveWithPayments(member, [paid(member, 2026, "2026-05-01")]);
    }
    const began = Date.now();
    const result = await run("2027-04-02", { budgetMs: 1500 });
    const took = Date.now() - began;
    vi.stubEnv("RESEND_TIMEOUT_MS", "1000");
    expect(took).toBeLessThan(1500 + 1000);
    expect(result.delivery.sent).toBe(0);
    expect(result.recorded["renewal-reminder"]).toBeGreaterThan(0);
    // Each notice recorded keeps its mail in the outbox, unsent, for retry-mail.
    const unsent = (await outboxMails()).filter((mail) => !mail.sent);
    expect(unsent).toHaveLength(result.recorded["renewal-reminder"]);
  });
});

/** Records the member's payments, active from the first. */
async function saveWithPayments(member: Account, payments: NonNullable<Account["payments"]>) {
  await storeRecords(member.key, { payments }, { activatedAt: `${payments[0]?.paidOn}T06:00:00.000Z` });
}
