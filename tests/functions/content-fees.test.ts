/**
 * The membership fees as Contentful gives them (issue 34, item 6): each `membershipFee` entry is
 * one amount and the financial year it applies from. The account page, the enrolment's receipt,
 * the reminders and the UPI link (`am=`) read them; a fee changed from a year applies to the
 * payments due from that year, and a reference issued for an earlier year keeps its amount.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Account, NewAccount } from "../../src/server/account/accounts.server.ts";
import { sessionCookie, startSession } from "../../src/server/account/sessions.server.ts";
import { forgetContent, withContent, yamlContent } from "../../src/server/content/page-content.server.ts";
import { applicationDue } from "../../src/server/membership/membership-panel.server.ts";
import { runMembershipReminders } from "../../src/server/membership/membership-reminders.server.ts";
import type { MembershipPanelData } from "../../src/shared/api/membership.ts";
import {
  dayInIndia,
  financialYearLabel,
  financialYearOf,
  financialYearStart,
} from "../../src/shared/membership/calendar.ts";
import { memberNumberOf } from "../../src/shared/membership/reference.ts";
import spaceFixtures from "../fixtures/contentful/space.json" with { type: "json" };
import { contentfulSpace, type SpaceFixtures } from "../mocks/contentful.ts";
import { resendAccepts, resendBatchAccepts, type SentMail } from "../mocks/resend.ts";
import { startBlobsServer } from "../support/blobs.ts";
import { startDatabase } from "../support/database.ts";
import { createWithRecords, storeRecords } from "../support/membership-records.ts";
import { setupMsw } from "../support/msw.ts";
import { pageServer, readData, readPage } from "../support/page-server.ts";
import { pageRequest } from "../support/requests.ts";

const fixtures = spaceFixtures as SpaceFixtures;
const ORIGIN = "https://isgpb.example";
const start = yamlContent()["membership.yaml"].calendar.financialYearStartMonth;
const label = (year: number) => financialYearLabel(year, start);

/** This financial year, and the next, from which the Ordinary fee (and so the life fee) goes up. */
const thisYear = financialYearOf(dayInIndia(new Date()), start);
const nextYear = thisYear + 1;

/** The fixtures' fee entries (all from 2026-27, to be announced) given amounts, and a change from next year. */
function feeSpace(): SpaceFixtures {
  const entries = structuredClone(fixtures.entries);
  const amounts: Record<string, number> = { registration: 200, "1": 1000, "2": 12_000 };
  const changed: SpaceFixtures["entries"] = [];
  for (const entry of entries) {
    if (entry.sys.contentType.sys.id !== "membershipFee") continue;
    const amount = amounts[String(entry.fields.membershipType)];
    if (amount !== undefined) entry.fields.amount = amount;
    const raised = { "1": 1500, "2": 18_000 }[String(entry.fields.membershipType)];
    if (raised !== undefined)
      changed.push({
        ...structuredClone(entry),
        sys: { ...entry.sys, id: `${entry.sys.id}-from-${label(nextYear)}` },
        fields: { ...entry.fields, from: label(nextYear), amount: raised },
      });
  }
  return { assets: fixtures.assets, entries: [...entries, ...changed] };
}

const sent: SentMail[] = [];
// The reminders are delivered through Resend's batch call; each of its e-mails lands in `sent` too.
const msw = setupMsw(resendAccepts(sent), resendBatchAccepts([], sent));
startDatabase();
// The fees' last good copy is kept in Blobs.
startBlobsServer();

let pages: (request: Request) => Promise<Response>;
beforeAll(async () => {
  pages = await pageServer((path) => path === "sign-up" || path === "account");
});
beforeEach(async () => {
  sent.length = 0;
  vi.stubEnv("CONTENTFUL_SPACE_ID", "isgpbfixtures");
  vi.stubEnv("CONTENTFUL_ACCESS_TOKEN", "delivery-token");
  vi.stubEnv("CONTENTFUL_RETRY_LIMIT", "0");
  vi.stubEnv("SIGNING_SECRET", "content-fees-test-secret");
  vi.stubEnv("RESEND_API_KEY", "re_test_key");
  vi.stubEnv("URL", ORIGIN);
  msw.use(contentfulSpace(feeSpace()));
});
afterEach(() => forgetContent());
afterAll(() => vi.unstubAllEnvs());

let serial = 0;
async function ordinaryMember(extra: Partial<NewAccount> = {}): Promise<Account> {
  serial++;
  const email = `fees${serial}@example.org`;
  const account: NewAccount = {
    email,
    name: `Member ${serial}`,
    membership: "1",
    applicationId: `EN-${String(serial).padStart(10, "0")}`,
    submissionId: "",
    submittedAt: new Date().toISOString(),
    status: "pending-payment",
    passwordHash: "not-used-here",
  };
  return createWithRecords({ ...account, ...extra });
}

describe("the fees from Contentful", () => {
  it("are what the account page asks an applicant to pay, in words and in the UPI link", async () => {
    const member = await ordinaryMember();
    const cookie = sessionCookie(await startSession(member.key)).split(";")[0] ?? "";
    // The account page's membership part, as its loader gives it.
    const answer = await readData(
      await pages(pageRequest("/account.data", cookie, { headers: { accept: "*/*" } })),
    );
    const routes = answer.data as Record<string, { data?: { panel: MembershipPanelData } }>;
    const panel = routes["routes/account"]?.data?.panel as MembershipPanelData;
    // This year's Ordinary fee and the registration fee: next year's change does not apply yet.
    expect(panel.due?.reference).toBe(`ISGPB-${member.applicationId}-${label(thisYear)}`);
    expect(panel.due?.total).toBe("₹1,200");
    expect(panel.due?.upiLabel).toBe("Pay ₹1,200 with a UPI app");
    expect(panel.due?.upiLink).toMatch(/[?&]am=1200\.00(&|$)/);
  });

  it("are what the enrolment's receipt asks for", async () => {
    const id = "EN-00000000AB";
    const { document } = await readPage(await pages(pageRequest(`/sign-up?status=sent&id=${id}&type=1`)));
    const text = document.querySelector("main")?.textContent ?? "";
    expect(text).toContain(`ISGPB-${id}-${label(thisYear)}`);
    expect(text).toContain("₹1,200");
    expect(document.querySelector('main a[href^="upi://pay"]')?.getAttribute("href")).toMatch(
      /[?&]am=1200\.00(&|$)/,
    );
  });

  it("apply from their year: an application then pays the new fee, a reference issued before keeps its amount", async () => {
    const id = "EN-00000000CD";
    const firstDay = new Date(`${financialYearStart(nextYear, start)}T03:00:00Z`);
    const issued = `ISGPB-${id}-${label(thisYear)}`;
    const [fresh, earlier] = await withContent(async () => [
      applicationDue(id, "1", firstDay),
      applicationDue(id, "1", firstDay, issued),
    ]);
    expect(fresh).toMatchObject({ reference: `ISGPB-${id}-${label(nextYear)}`, total: "₹1,700" });
    expect(fresh?.upiLink).toMatch(/[?&]am=1700\.00(&|$)/);
    expect(earlier).toMatchObject({ reference: issued, total: "₹1,200" });
    expect(earlier?.upiLink).toMatch(/[?&]am=1200\.00(&|$)/);
  });

  it("are what a renewal reminder asks for, the year's new fee in its UPI link", async () => {
    const paidOn = dayInIndia(new Date());
    const member = await ordinaryMember({ status: "active", activatedAt: `${paidOn}T06:00:00.000Z` });
    await storeRecords(member.key, {
      payments: [
        {
          reference: `ISGPB-${member.applicationId}-${label(thisYear)}`,
          amount: 1200,
          paidOn,
          confirmedAt: `${paidOn}T06:00:00.000Z`,
        },
      ],
    });
    await runMembershipReminders({
      now: new Date(`${financialYearStart(nextYear, start)}T03:00:00Z`),
      origin: ORIGIN,
    });
    const reference = `ISGPB-${memberNumberOf(member.applicationId)}-${label(nextYear)}`;
    expect(sent.map(({ body }) => body.subject)).toEqual([
      `Your ISGPB subscription for ${label(nextYear)} is due (${reference})`,
    ]);
    const reminder = String(sent[0]?.body.text);
    expect(reminder).toContain("₹1,500");
    expect(reminder).toContain("am=1500.00");
  });
});
