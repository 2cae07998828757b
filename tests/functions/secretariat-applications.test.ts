import { beforeAll, describe, expect, it } from "vitest";
import type { MembershipPanelData } from "#shared/api/membership.ts";
import sessionFunction from "../../netlify/functions/session.ts";
import type { loader as applicationLoader } from "../../src/app/routes/secretariat-application.tsx";
import type { loader as listLoader } from "../../src/app/routes/secretariat-applications.tsx";
import { createAccountLink } from "../../src/server/account/account-links.server.ts";
import { confirmEmailChange } from "../../src/server/account/account-settings.server.ts";
import {
  type Account,
  accountKey,
  getAccount,
  lockAccount,
} from "../../src/server/account/accounts.server.ts";
import { closeAccount } from "../../src/server/account/close-account.server.ts";
import { collectMyData } from "../../src/server/account/my-data.server.ts";
import { database, inTransaction } from "../../src/server/db/database.server.ts";
import { membershipOf } from "../../src/server/membership/membership.server.ts";
import {
  approvalUrl,
  deliverTold,
  LINK_HOLDER,
  recordPaymentAndTell,
} from "../../src/server/membership/payment-approval.server.ts";
import { paymentOf, recordPayment } from "../../src/server/secretariat/application-actions.server.ts";
import { applicationView, NO_BANK_REFERENCE } from "../../src/server/secretariat/application-view.server.ts";
import { APPLICATION_STATUSES } from "../../src/server/secretariat/applications.server.ts";
import { recentActions } from "../../src/server/secretariat/audit.server.ts";
import { storeSubmission } from "../../src/server/submissions.server.ts";
import { todayInIndia } from "../../src/shared/format-date.ts";
import { PAYMENT_FORM } from "../../src/shared/forms/payment-fields.ts";
import { addDays } from "../../src/shared/membership/calendar.ts";
import { FLASHES } from "../../src/shared/secretariat-flash.ts";
import { functionContext } from "../support/function-context.ts";
import { storeRecords } from "../support/membership-records.ts";
import { pageServer, readData, readPage } from "../support/page-server.ts";
import {
  type Fields,
  formPostRequest,
  jsonGetRequest,
  ORIGIN,
  pageRequest,
  postAndFollow,
  scriptPostRequest,
} from "../support/requests.ts";
import { cookieFor, makeAccount, OFFICE_EMAIL, workspaceFunctionTests } from "../support/secretariat.ts";

const { sent, office, pages } = workspaceFunctionTests();

/** A workspace page's data as its script asks for it on a client-side navigation (`<path>.data`). */
async function pageData<T>(path: string, route: string): Promise<{ status: number; data?: T }> {
  const [pathname, search] = path.split("?");
  const answer = await readData(
    await pages(
      pageRequest(`${pathname}.data${search ? `?${search}` : ""}`, office(), { headers: { accept: "*/*" } }),
    ),
  );
  const routes = answer.data as Record<string, { data?: T }> | undefined;
  return { status: answer.status, data: routes?.[route]?.data };
}

const applicationData = (key: string) =>
  pageData<Awaited<ReturnType<typeof applicationLoader>>>(
    `/secretariat/applications/${key}`,
    "routes/secretariat-application",
  );

type ApplicationForm = "payment" | "record-payment" | "reject" | "reopen";

/** A press of one of an application page's buttons, without JavaScript: where the page goes next. */
async function press(account: Account, form: ApplicationForm, fields: Fields = {}) {
  const response = await pages(
    formPostRequest(`/secretariat/applications/${account.key}?do=${form}`, fields, office()),
  );
  expect(response.status).toBe(303);
  return response.headers.get("location");
}

/** The same press by the page's script: its refusal as data, or where the page goes next. */
const scriptPress = async (account: Account, form: ApplicationForm, fields: Fields = {}) =>
  readData(
    await pages(scriptPostRequest(`/secretariat/applications/${account.key}?do=${form}`, fields, office())),
  );

/** The application's page with this outcome's line at its top (`?done=`). */
const outcome = (account: Account, code: string) => `/secretariat/applications/${account.key}?done=${code}`;

/** The signed link's page and the member's account page, as the site answers them. */
let memberPages: ReturnType<typeof pageServer> | undefined;
async function memberPage(request: Request) {
  memberPages ??= pageServer((route) => route === "approve-payment" || route === "account");
  return (await memberPages)(request);
}
/** 'Mark payment received' on the signed link's page, as its script presses it: where the page goes. */
const pressLink = async (token: string | null) =>
  readData(
    await memberPage(
      scriptPostRequest(`/approve-payment?token=${encodeURIComponent(token ?? "")}`, {
        token: token ?? "",
        amount: "1500",
        date: todayInIndia(),
      }),
    ),
  );
const linkOutcome = (status: string, account: Account) =>
  `/approve-payment?status=${status}&id=${account.applicationId}`;

const applicants: Account[] = [];

/** Files the enrolment's stored submission with the account, as enrolling does. */
async function fileEnrolment(account: Account, submissionId: string): Promise<Account> {
  await database()
    .updateTable("accounts")
    .set({ submission_id: submissionId })
    .where("id", "=", account.key)
    .execute();
  return (await getAccount(account.key)) as Account;
}

beforeAll(async () => {
  // 61 applications a day apart, the newest last; one with its whole form stored.
  const start = Date.parse("2025-01-01T09:00:00Z");
  for (let i = 0; i < 61; i++) {
    applicants.push(
      await makeAccount(`applicant${i}@example.org`, {
        name: i === 7 ? 'Meera Quotes, "Jr"' : `Applicant ${i}`,
        submittedAt: new Date(start + i * 86_400_000).toISOString(),
        ...(i % 10 === 0 ? { status: "active", activatedAt: new Date().toISOString() } : {}),
      }),
    );
  }
  const full = applicants[3] as Account;
  const { submission } = await storeSubmission(
    "enrolment",
    { ...enrolmentData(full), applicationId: full.applicationId },
    {},
  );
  applicants[3] = await fileEnrolment(full, submission.id);
});

const enrolmentData = (account: Account) => ({
  membership: "1",
  format: "Soft Copy",
  name: account.name,
  designation: "Plant breeder",
  dob: "1980-05-06",
  gender: "",
  indianLanguages: [],
  address: "Seed Station\nExample Road",
  city: "Pune",
  state: "Maharashtra",
  country: "India",
  pincode: "411001",
  phone: "020 0000 0000",
  mobile: "90000 00003",
  email: account.email,
  author: false,
  reviewer: false,
  areasOfInterest: "Millets",
  agreement: true,
});

/** The list page's data, as its script reads it on a client-side navigation. */
const list = async (query: string) => {
  const answer = await pageData<Awaited<ReturnType<typeof listLoader>>>(
    `/secretariat/applications${query}`,
    "routes/secretariat-applications",
  );
  expect(answer.status).toBe(200);
  if (!answer.data) throw new Error("the list page answered no data");
  return answer.data;
};

describe("the list of applications", () => {
  it("pages at 50, newest first, and searches by name, e-mail or reference; filters by status", async () => {
    const first = await list("");
    expect(first.total).toBe(61);
    expect(first.pages).toBe(2);
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]?.name).toBe("Applicant 60");
    expect((await list("?page=2")).rows).toHaveLength(11);
    expect((await list("?q=APPLICANT42%40")).rows.map((row) => row.name)).toEqual(["Applicant 42"]);
    const reference = applicants[12]?.applicationId.toLowerCase() ?? "";
    expect((await list(`?q=${reference}`)).rows.map((row) => row.name)).toEqual(["Applicant 12"]);
    expect((await list("?q=quotes")).rows.map((row) => row.name)).toEqual(['Meera Quotes, "Jr"']);
    const active = await list("?status=active");
    expect(active.total).toBe(7);
    expect(active.rows.every((row) => row.status === APPLICATION_STATUSES.active)).toBe(true);
    // The workspace's own account is no application.
    expect((await list("?q=office()")).total).toBe(0);
  });

  it("shows the same as a page, escaped, with a search form that works without JavaScript", async () => {
    const page = await pages(pageRequest("/secretariat/applications?q=quotes", office()));
    expect(page.status).toBe(200);
    const { html, document, text } = await readPage(page);
    expect(html).toContain("Meera Quotes, &quot;Jr&quot;");
    const search = document.querySelector('form[role="search"]');
    expect(search?.getAttribute("method")).toBe("get");
    expect(search?.getAttribute("action")).toBe("/secretariat/applications");
    expect(document.querySelector<HTMLInputElement>("#q")?.value).toBe("quotes");
    expect(text).toContain("1 application found, newest first.");
    const link = document.querySelector("tbody a");
    expect(link?.textContent).toBe('Meera Quotes, "Jr"');
    expect(link?.getAttribute("href")).toBe(`/secretariat/applications/${applicants[7]?.key}`);
    expect(document.querySelector('nav[aria-label="Workspace"] [aria-current="page"]')?.textContent).toBe(
      "Applications",
    );
  });

  it("pages the list with links that keep the search", async () => {
    const { document } = await readPage(
      await pages(pageRequest("/secretariat/applications?status=pending-payment", office())),
    );
    expect(document.querySelectorAll("tbody tr")).toHaveLength(50);
    expect(document.querySelector('a[rel="next"]')?.getAttribute("href")).toBe(
      "/secretariat/applications?status=pending-payment&page=2",
    );
    expect(document.querySelector('a[rel="prev"]')).toBeNull();
    const second = await readPage(
      await pages(pageRequest("/secretariat/applications?status=pending-payment&page=2", office())),
    );
    expect(second.text).toContain("Page 2 of 2");
    expect(second.document.querySelector('a[rel="prev"]')?.getAttribute("href")).toBe(
      "/secretariat/applications?status=pending-payment",
    );
  });

  it("opens one application in full", async () => {
    const account = applicants[3] as Account;
    const { document, text } = await readPage(
      await pages(pageRequest(`/secretariat/applications/${account.key}`, office())),
    );
    expect(document.title).toBe(`Application ${account.applicationId} | ISGPB secretariat`);
    expect(text).toContain("Seed Station");
    expect(text).toContain("Millets");
    const form = document.querySelector(`form[action="/secretariat/applications/${account.key}?do=payment"]`);
    expect(form?.getAttribute("method")).toBe("post");
    expect(form?.querySelector<HTMLInputElement>('input[name="date"]')?.type).toBe("date");
    expect(
      document.querySelector(`form[action="/secretariat/applications/${account.key}?do=reject"]`),
    ).not.toBeNull();
    // The same, as the page's script asks for it on a client-side navigation.
    expect((await applicationData(account.key)).data?.applicationId).toBe(account.applicationId);
  });

  it("opens the application of a member who closed their website account, marked so, with its payment and history (decision 0037)", async () => {
    const before = await makeAccount("closed.member@example.org", {
      submittedAt: "2025-01-01T09:00:00.000Z",
    });
    const paid = await pages(
      formPostRequest(
        `/secretariat/applications/${before.key}?do=payment`,
        { ...payment, bankReference: "UTR-CLOSED" },
        office(),
      ),
    );
    expect(paid.headers.get("location")).toMatch(/done=payment-recorded$/);
    await closeAccount((await getAccount(before.key)) as Account, ORIGIN);
    // Its id stays its key for life, closed or not.
    const key = before.key;
    const { text } = await readPage(await pages(pageRequest(`/secretariat/applications/${key}`, office())));
    expect(text).toContain(before.applicationId);
    expect(text).toMatch(/Website account\s*Closed by the member/);
    // What the workspace filed under the key the record had then is still found.
    expect(text).toContain("UTR-CLOSED");
    expect(text).toContain(`Payment received for ${before.applicationId}`);
    expect((await applicationData(key)).status).toBe(200);
    // A later payment recorded on it: the receipt points to no account page, which is gone.
    const next = membershipOf((await getAccount(key)) as Account).next;
    sent.length = 0;
    const told = await inTransaction(async (tx) =>
      recordPaymentAndTell(
        tx,
        (await lockAccount(tx, key)) as Account,
        { reference: next?.reference, amount: 1000 },
        ORIGIN,
      ),
    );
    await deliverTold(told);
    expect(sent.map((mail) => mail.body.to)).toEqual([[before.email]]);
    expect(String(sent[0]?.body.text)).toContain("You closed your account on the website");
    expect(String(sent[0]?.body.text)).not.toContain(`${ORIGIN}/account`);
    // Enrolling again would not show this record, so the receipt does not send the member there.
    expect(String(sent[0]?.body.text)).not.toMatch(/sign up|sign-up/i);
  });

  it("answers 404 for an unknown application, as a page and as its data", async () => {
    const unknown = "a".repeat(64);
    const missing = await pages(pageRequest(`/secretariat/applications/${unknown}`, office()));
    expect(missing.status).toBe(404);
    expect((await readPage(missing)).text).toContain("There is no such application.");
    expect((await applicationData(unknown)).status).toBe(404);
    expect((await applicationData("not-a-key")).status).toBe(404);
  });
});

const payment = { amount: "1500", date: "2025-03-01", bankReference: "UTR-0001" };

/** The last column of the page's table of confirmed payments. */
const confirmedBankReferences = (document: Document) =>
  [...document.querySelectorAll('[aria-label="Payments confirmed"] tbody tr')].map(
    (row) => row.querySelector("td:last-child")?.textContent,
  );

describe("'Payment received'", () => {
  it("records the payment, activates the account and mails the member once, however often it is pressed", async () => {
    const account = applicants[5] as Account;
    const page = `/secretariat/applications/${account.key}?do=payment`;
    const presses = await Promise.all([
      pages(formPostRequest(page, payment, office())),
      pages(formPostRequest(page, payment, office())),
    ]);
    expect(presses.map((press) => press.status)).toEqual([303, 303]);
    expect(presses.map((press) => press.headers.get("location")).sort()).toEqual([
      `/secretariat/applications/${account.key}?done=payment-already`,
      `/secretariat/applications/${account.key}?done=payment-recorded`,
    ]);
    expect((await getAccount(account.key))?.status).toBe("active");
    expect(await paymentOf(account)).toMatchObject({
      amount: 1500,
      bankReference: "UTR-0001",
      recordedBy: OFFICE_EMAIL,
    });
    expect(sent.map((mail) => mail.body.to)).toEqual([[account.email]]);
    expect(String(sent[0]?.body.subject)).toContain(account.applicationId);
    // Pressed again later, by the page's script: told so, and nothing more is sent.
    expect((await scriptPress(account, "payment", payment)).redirect).toBe(
      outcome(account, "payment-already"),
    );
    expect(sent).toHaveLength(1);
    const log = await recentActions();
    expect(
      log.filter((line) => line.action === "payment" && line.record === `account/${account.key}`),
    ).toHaveLength(1);
    // The page it comes back to says so at its top, and offers no second 'Payment received'.
    const after = await readPage(
      await pages(pageRequest(`/secretariat/applications/${account.key}?done=payment-recorded`, office())),
    );
    expect(after.document.querySelector('main [role="status"]')?.textContent).toBe(
      FLASHES["payment-recorded"].text,
    );
    expect(after.document.querySelector('form[action$="?do=payment"]')).toBeNull();
    expect(after.text).toContain("UTR-0001");
    // The day it was received as the office reads every date, not as stored (2025-03-01).
    expect(after.text).toMatch(/Date received\s*1 Mar 2025/);
    expect(confirmedBankReferences(after.document)).toEqual(["UTR-0001"]);
  });

  it("lends the application's bank reference to no other payment", async () => {
    const account = await makeAccount("lent.reference@example.org", {
      submittedAt: "2025-02-01T09:00:00.000Z",
    });
    const page = `/secretariat/applications/${account.key}`;
    expect((await pages(formPostRequest(`${page}?do=payment`, payment, office()))).status).toBe(303);
    // A renewal recorded without the bank's reference (through the e-mailed link, which asks none).
    await storeRecords(account.key, {
      payments: [
        {
          reference: `ISGPB-${account.applicationId}-2025-26`,
          amount: 1000,
          paidOn: "2025-04-02",
          kind: "renewal",
          confirmedAt: "2025-04-02T05:00:00.000Z",
        },
      ],
    });
    const after = await readPage(await pages(pageRequest(page, office())));
    expect(confirmedBankReferences(after.document)).toEqual(["UTR-0001", NO_BANK_REFERENCE]);
  });

  it("says a single copy's payment bought one copy of the journal, and mails the buyer so", async () => {
    const account = await makeAccount("one.copy.desk@example.org", {
      membership: "4",
      submittedAt: "2025-02-01T09:00:00.000Z",
    });
    const press = await pages(
      formPostRequest(`/secretariat/applications/${account.key}?do=payment`, payment, office()),
    );
    expect(press.headers.get("location")).toBe(
      `/secretariat/applications/${account.key}?done=single-copy-recorded`,
    );
    expect(sent.map((mail) => String(mail.body.subject))).toEqual([
      expect.stringMatching(/received: one copy of the journal$/),
    ]);
    const after = await readPage(
      await pages(
        pageRequest(`/secretariat/applications/${account.key}?done=single-copy-recorded`, office()),
      ),
    );
    expect(after.document.querySelector('main [role="status"]')?.textContent).toBe(
      FLASHES["single-copy-recorded"].text,
    );
  });

  it("records no payment for an address never confirmed, and says why", async () => {
    const account = await makeAccount("never.confirmed@example.org", {
      submittedAt: "2025-01-01T09:00:00.000Z",
      verification: { nonce: "unused", sentAt: "2025-01-01T09:00:00.000Z" },
    });
    // Its page says why it offers no 'Payment received', before anyone presses anything.
    const { text } = await readPage(
      await pages(pageRequest(`/secretariat/applications/${account.key}`, office())),
    );
    expect(text).toContain(FLASHES["payment-unconfirmed"].text);
    const answer = await pages(
      formPostRequest(`/secretariat/applications/${account.key}?do=payment`, payment, office()),
    );
    expect(answer.headers.get("location")).toBe(
      `/secretariat/applications/${account.key}?done=payment-unconfirmed`,
    );
    // The page's script is sent to the same line.
    expect((await scriptPress(account, "payment", payment)).redirect).toBe(
      outcome(account, "payment-unconfirmed"),
    );
    expect(await getAccount(account.key)).toMatchObject({ status: "pending-payment" });
    expect((await getAccount(account.key))?.payments).toBeUndefined();
    expect(await paymentOf(account)).toBeNull();
    expect(sent).toEqual([]);
  });

  it("counts the period from the date received, not the day it is recorded, and the receipt gives both (issue 54)", async () => {
    // An Ordinary application of 8 December 2026, paid on 30 December, recorded on 5 January 2027.
    const account = await makeAccount("paid.in.december@example.org", {
      submittedAt: "2026-12-08T05:00:00.000Z",
      emailVerifiedAt: "2026-12-08T05:10:00.000Z",
    });
    const entry = { amount: 1500, date: "2026-12-30", bankReference: "UTR-3012", completesFee: false };
    const recorded = new Date("2027-01-05T06:00:00.000Z");
    expect(await recordPayment(account, entry, OFFICE_EMAIL, ORIGIN, recorded)).toBe("payment-recorded");
    const paid = (await getAccount(account.key)) as Account;
    expect(paid.payments?.[0]).toMatchObject({ paidOn: "2026-12-30", confirmedAt: recorded.toISOString() });
    // Paid before January: the year it was paid in, not the late joiner's next one as well.
    expect(membershipOf(paid, new Date("2027-01-06T06:00:00.000Z")).activeUntil).toBe("2027-03-31");
    const mail = String(sent.find((one) => (one.body.to as string[]).includes(account.email))?.body.text);
    expect(mail).toMatch(/Received on:?\s+30 December 2026/);
    expect(mail).toMatch(/Recorded on:?\s+5 January 2027/);
    const page = await readPage(
      await pages(pageRequest(`/secretariat/applications/${account.key}`, office())),
    );
    const row = page.document.querySelector('[aria-label="Payments confirmed"] tbody tr')?.textContent;
    expect(row).toContain("30 Dec 2026");
    expect(row).toContain("5 Jan 2027");
  });

  it("asks the signed link's page for the date received, refuses one before the application, and counts from it (issue 54)", async () => {
    const submitted = new Date(Date.now() - 40 * 86_400_000);
    const account = await makeAccount("paid.by.link@example.org", { submittedAt: submitted.toISOString() });
    const link = await approvalUrl(ORIGIN, "isgpb-development-signing-secret", {
      account: account.key,
      application: account.applicationId,
    });
    const path = `${new URL(link).pathname}${new URL(link).search}`;
    const linkPage = await pageServer((route) => route === "approve-payment");
    const shown = await readPage(await linkPage(pageRequest(path)));
    expect(shown.document.querySelector('input[name="date"]')?.getAttribute("value")).toBe(todayInIndia());

    // Before the application was made: refused beside the field, with what was typed, nothing recorded.
    const early = addDays(todayInIndia(submitted), -1);
    const refused = await readPage(
      (await postAndFollow(linkPage, path, { amount: "1500", date: early })).page,
    );
    expect(refused.document.querySelector("#date-error")?.textContent).toMatch(
      /cannot be before the application was made/,
    );
    expect(refused.document.querySelector('input[name="date"]')?.getAttribute("value")).toBe(early);
    expect((await getAccount(account.key))?.payments).toBeUndefined();

    const received = addDays(todayInIndia(), -30);
    const press = await linkPage(formPostRequest(path, { amount: "1500", date: received }));
    expect(press.status).toBe(303);
    expect((await getAccount(account.key))?.payments?.[0]?.paidOn).toBe(received);
  });

  it("leaves the signed approval link working", async () => {
    const account = applicants[6] as Account;
    const link = await approvalUrl(ORIGIN, "isgpb-development-signing-secret", {
      account: account.key,
      application: account.applicationId,
    });
    const token = new URL(link).searchParams.get("token");
    expect((await pressLink(token)).redirect).toBe(linkOutcome("approved", account));
    expect(sent.map((mail) => mail.body.to)).toEqual([[account.email]]);
    // The audit log has its line, naming the link as who recorded it (no one was signed in).
    const line = (await recentActions()).find((entry) => entry.record === `account/${account.key}`);
    expect(line).toMatchObject({ who: LINK_HOLDER, action: "payment" });
    expect(line?.summary).toMatch(
      new RegExp(
        `^Payment received for ${account.applicationId} through the e-mailed link: ₹1,500, reference ISGPB-${account.applicationId}-`,
      ),
    );
    // Recorded through the link, so the workspace records no second payment.
    expect(await press(account, "payment", payment)).toBe(outcome(account, "already-active"));
  });

  it("records one payment, one audit line and one mail when the link's button and the workspace's are pressed at once", async () => {
    const account = await makeAccount("pressed.twice@example.org", {
      emailVerifiedAt: new Date().toISOString(),
    });
    const link = await approvalUrl(ORIGIN, "isgpb-development-signing-secret", {
      account: account.key,
      application: account.applicationId,
    });
    const token = new URL(link).searchParams.get("token");
    await Promise.all([pressLink(token), pressLink(token), press(account, "payment", payment)]);
    expect((await getAccount(account.key))?.payments).toHaveLength(1);
    expect(sent.map((mail) => mail.body.to)).toEqual([[account.email]]);
    const lines = (await recentActions()).filter(
      (line) => line.action === "payment" && line.record === `account/${account.key}`,
    );
    expect(lines).toHaveLength(1);
  });

  it("follows an application whose member changed address: its link, its page's old address, its corrections", async () => {
    const account = applicants[14] as Account;
    const link = await approvalUrl(ORIGIN, "isgpb-development-signing-secret", {
      account: account.key,
      application: account.applicationId,
    });
    await storeSubmission(
      "directory-correction",
      {
        accountEmail: account.email,
        accountName: account.name,
        applicationId: account.applicationId,
        memberId: null,
        fields: ["city"],
        details: "Now in Pune",
      },
      {},
    );
    const change = await createAccountLink(account, "email-change", { email: "applicant14.new@example.org" });
    const moved = await confirmEmailChange(change, null);
    if (!moved.ok) throw new Error("the address did not change");
    // The account keeps its id; the workspace's addresses written under the old address's key
    // (before accounts had an id) still lead to it.
    expect(moved.account.key).toBe(account.key);

    const old = await pages(
      pageRequest(`/secretariat/applications/${accountKey(account.email)}?done=resent`, office()),
    );
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe(`/secretariat/applications/${moved.account.key}?done=resent`);
    const corrections = (await collectMyData(moved.account)).submissions.directoryCorrections;
    expect(corrections.map((record) => (record.data as { details: string }).details)).toEqual([
      "Now in Pune",
    ]);

    const token = new URL(link).searchParams.get("token");
    expect((await pressLink(token)).redirect).toBe(linkOutcome("approved", account));
    expect((await getAccount(moved.account.key))?.status).toBe("active");
    // Someone who takes the old address later has an account of their own; the link is not theirs.
    const newcomer = await makeAccount(account.email, {
      name: "Someone Else",
      applicationId: "EN-SOMEONE-2",
    });
    expect(newcomer.key).not.toBe(account.key);
    expect((await pressLink(token)).redirect).toBe(linkOutcome("already", account));
    expect((await getAccount(newcomer.key))?.status).toBe("pending-payment");
  });

  it("records through the link the first payment of a member who closed their website account, and mails no sign-in", async () => {
    const account = await makeAccount("closed.before.paying@example.org", {
      applicationId: "EN-C105ED0001",
      emailVerifiedAt: new Date().toISOString(),
    });
    const link = await approvalUrl(ORIGIN, "isgpb-development-signing-secret", {
      account: account.key,
      application: account.applicationId,
    });
    await closeAccount(account, ORIGIN);
    sent.length = 0;
    const token = new URL(link).searchParams.get("token");
    expect((await pressLink(token)).redirect).toBe(linkOutcome("approved", account));
    expect((await getAccount(account.key))?.status).toBe("active");
    expect(sent.map((mail) => mail.body.to)).toEqual([[account.email]]);
    expect(String(sent[0]?.body.text)).toContain("You closed your account on the website");
    expect(String(sent[0]?.body.text)).not.toContain("/login");
  });

  it("refuses bad input, keeping what was typed beside the error, and changes nothing", async () => {
    const account = applicants[8] as Account;
    const page = `/secretariat/applications/${account.key}?do=payment`;
    const { post, page: again } = await postAndFollow(pages, page, { ...payment, amount: "lots" }, office());
    // Post/Redirect/Get: back to the page, which shows the refusal once.
    expect(post.status).toBe(303);
    expect(post.headers.get("location")).toBe(`${page}#payment-error-summary`);
    const { document } = await readPage(again);
    const amount = document.querySelector<HTMLInputElement>("#amount");
    expect(amount?.value).toBe("lots");
    expect(amount?.getAttribute("aria-invalid")).toBe("true");
    expect(document.querySelector("#amount-error")?.textContent).toContain(PAYMENT_FORM.amount.invalid);
    expect(document.querySelector<HTMLInputElement>("#bankReference")?.value).toBe("UTR-0001");
    expect(document.querySelector('form[action$="?do=payment"] [role="status"]')?.textContent).toBe(
      "The payment was not recorded: please correct the highlighted fields.",
    );
    // With JavaScript the action answers the form itself, the errors as data, with what was typed.
    const script = await scriptPress(account, "payment", { ...payment, amount: "lots" });
    expect(script.status).toBe(400);
    expect(script.data).toMatchObject({
      ok: false,
      form: "payment",
      errors: { amount: PAYMENT_FORM.amount.invalid },
      values: { amount: "lots", bankReference: "UTR-0001" },
    });
    expect((await getAccount(account.key))?.status).toBe("pending-payment");
    expect(sent).toHaveLength(0);
  });

  it("refuses commas that group no digits (' 1,2,3 ' is not ₹123), beside the field as typed", async () => {
    const account = applicants[8] as Account;
    const page = `/secretariat/applications/${account.key}?do=payment`;
    for (const amount of [" 1,2,3 ", "1,5,00", "15,00", "1,00,0000", ",1500", "1500,"]) {
      const { page: again } = await postAndFollow(pages, page, { ...payment, amount }, office());
      const { document } = await readPage(again);
      expect(document.querySelector("#amount-error")?.textContent, amount).toContain(
        PAYMENT_FORM.amount.invalid,
      );
      expect(document.querySelector<HTMLInputElement>("#amount")?.value).toBe(amount);
    }
    expect((await getAccount(account.key))?.status).toBe("pending-payment");
    expect(await paymentOf(account)).toBeNull();
    expect(sent).toHaveLength(0);
  });

  it("starts the date received at today in India, also between midnight and 05:30 IST, and bounds it", async () => {
    const account = applicants[16] as Account;
    // 01:30 on 27 November in India is still the 26th in UTC.
    const view = await applicationView(account, new Date("2026-11-26T20:00:00Z"));
    expect(view.actions).toMatchObject({ first: { today: "2026-11-27", earliest: "2025-01-17" } });
    const page = await readPage(
      await pages(pageRequest(`/secretariat/applications/${account.key}`, office())),
    );
    const date = page.document.querySelector<HTMLInputElement>('form[action$="?do=payment"] #date');
    expect(date?.value).toBe(todayInIndia(new Date()));
    expect(date?.getAttribute("max")).toBe(todayInIndia(new Date()));
    expect(date?.getAttribute("min")).toBe("2025-01-17");
  });

  it("refuses a date after today in India, or before the application was made, beside the field", async () => {
    const account = applicants[16] as Account;
    const tomorrow = addDays(todayInIndia(new Date()), 1);
    for (const date of ["2030-01-01", tomorrow]) {
      const refused = await scriptPress(account, "payment", { ...payment, date });
      expect(refused.status, date).toBe(400);
      const { errors, values } = refused.data as { errors: Record<string, string>; values: Fields };
      expect(errors.date).toMatch(/^The date received cannot be after today/);
      expect(values.date).toBe(date);
    }
    // Before the application (made on 17 January 2025): beside the field, as typed.
    const early = await postAndFollow(
      pages,
      `/secretariat/applications/${account.key}?do=payment`,
      { ...payment, date: "1941-01-01" },
      office(),
    );
    expect(early.post.status).toBe(303);
    const { document } = await readPage(early.page);
    expect(document.querySelector<HTMLInputElement>("#date")?.value).toBe("1941-01-01");
    expect(document.querySelector("#date-error")?.textContent).toContain(
      "The date received cannot be before the application was made, on 17 January 2025",
    );
    expect((await getAccount(account.key))?.status).toBe("pending-payment");
    expect(await paymentOf(account)).toBeNull();
    expect(sent).toHaveLength(0);
  });

  it("answers 404 for an unknown application or action, changing nothing", async () => {
    const unknown = "b".repeat(64);
    for (const path of [
      `/secretariat/applications/${unknown}?do=payment`,
      `/secretariat/applications/${applicants[9]?.key}?do=refund`,
      `/secretariat/applications/${applicants[9]?.key}`,
    ]) {
      const response = await pages(formPostRequest(path, payment, office()));
      expect(response.status, path).toBe(404);
      const script = await pages(scriptPostRequest(path, payment, office()));
      expect(script.status, `${path} by the script`).toBe(404);
    }
    expect((await getAccount(applicants[9]?.key ?? ""))?.status).toBe("pending-payment");
    expect(sent).toHaveLength(0);
  });

  it("refuses a cross-site post", async () => {
    for (const request of [
      formPostRequest(`/secretariat/applications/${applicants[9]?.key}?do=payment`, payment, office()),
      scriptPostRequest(`/secretariat/applications/${applicants[9]?.key}?do=payment`, payment, office()),
    ]) {
      request.headers.set("sec-fetch-site", "cross-site");
      expect((await pages(request)).status).toBe(403);
    }
    expect((await getAccount(applicants[9]?.key ?? ""))?.status).toBe("pending-payment");
  });
});

describe("'Reject'", () => {
  it("marks the application rejected and mails the applicant the reason, once", async () => {
    const account = applicants[11] as Account;
    const reason = "The payment reference matched no credit after three months.";
    const first = await pages(
      formPostRequest(
        `/secretariat/applications/${account.key}?do=reject`,
        { reason, confirm: "yes" },
        office(),
      ),
    );
    expect(first.headers.get("location")).toBe(`/secretariat/applications/${account.key}?done=rejected`);
    const second = await scriptPress(account, "reject", { reason, confirm: "yes" });
    expect(second.redirect).toBe(outcome(account, "reject-already"));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body.to).toEqual([account.email]);
    expect(String(sent[0]?.body.text)).toContain(reason);
    expect((await getAccount(account.key))?.rejected?.reason).toBe(reason);
    expect((await list("?status=rejected")).rows.map((row) => row.key)).toEqual([account.key]);
    const { text, document } = await readPage(
      await pages(pageRequest(`/secretariat/applications/${account.key}?done=rejected`, office())),
    );
    expect(text).toContain("Application rejected: the applicant has been told by e-mail.");
    expect(text).toContain(reason);
    // Rejected: nothing more can be recorded or rejected from the page; it can only be reopened.
    expect([...document.querySelectorAll("main form")].map((form) => form.getAttribute("action"))).toEqual([
      `/secretariat/applications/${account.key}?do=reopen`,
    ]);
  });

  it("shows the applicant the rejection, its reason and what to do; no payment is recorded after it", async () => {
    const account = applicants[15] as Account;
    const reason = "No transfer matched <b>your</b> reference.\nPlease write to us.";
    await pages(
      formPostRequest(
        `/secretariat/applications/${account.key}?do=reject`,
        { reason, confirm: "yes" },
        office(),
      ),
    );
    sent.length = 0;
    const member = await cookieFor(account);

    // The account page's membership part: the rejection, its reason as typed, nothing to pay.
    const data = await readData(
      await memberPage(pageRequest("/account.data", member, { headers: { accept: "*/*" } })),
    );
    const routes = data.data as Record<string, { data?: { panel?: MembershipPanelData } }>;
    expect(routes["routes/account"]?.data?.panel).toMatchObject({
      status: "rejected",
      statusLine: "Application not accepted",
      rejection: {
        applicationId: account.applicationId,
        reason: ["No transfer matched <b>your</b> reference.", "Please write to us."],
      },
      due: null,
    });
    // The account's status, as the header's link reads it.
    const session = await sessionFunction(jsonGetRequest("/api/session", member), functionContext());
    expect(((await session.json()) as { member: { status: string } }).member.status).toBe("rejected");

    // Neither the workspace nor a stale approval link records a payment for it.
    expect(await press(account, "payment", payment)).toBe(outcome(account, "payment-rejected"));
    const { text } = await readPage(await pages(pageRequest(outcome(account, "payment-rejected"), office())));
    expect(text).toContain(FLASHES["payment-rejected"].text);
    const link = await approvalUrl(ORIGIN, "isgpb-development-signing-secret", {
      account: account.key,
      application: account.applicationId,
    });
    const token = new URL(link).searchParams.get("token");
    expect((await pressLink(token)).redirect).toBe(linkOutcome("rejected", account));
    const stored = await getAccount(account.key);
    expect(stored?.status).toBe("pending-payment");
    expect(stored?.payments).toBeUndefined();
    expect(await paymentOf(account)).toBeNull();
    expect(sent).toHaveLength(0);
  });

  it("needs a reason, and never rejects an active membership", async () => {
    const account = applicants[13] as Account;
    const empty = await postAndFollow(
      pages,
      `/secretariat/applications/${account.key}?do=reject`,
      { reason: " ", confirm: "yes" },
      office(),
    );
    const { document } = await readPage(empty.page);
    expect(document.querySelector("#reason-error")?.textContent).toContain(
      "Give the reason; the applicant receives it",
    );
    expect((await getAccount(account.key))?.rejected).toBeUndefined();
    const active = applicants[20] as Account;
    expect(await press(active, "reject", { reason: "No", confirm: "yes" })).toBe(
      outcome(active, "reject-active"),
    );
    expect((await getAccount(active.key))?.rejected).toBeUndefined();
    expect(sent).toHaveLength(0);
  });
});

describe("'Reject' asks for confirmation, and a rejected application can be reopened", () => {
  const linesOn = async (account: Account) =>
    (await recentActions()).filter((line) => line.record === `account/${account.key}`);

  it("without confirmation asks for it, keeping the reason as typed, and changes nothing", async () => {
    const account = applicants[17] as Account;
    const reason = "No transfer reached the society.";
    // With JavaScript: the request beside the confirmation, the reason kept as typed.
    const asked = await scriptPress(account, "reject", { reason });
    expect(asked.status).toBe(400);
    expect(asked.data).toMatchObject({
      errors: { confirm: expect.stringContaining("Confirm") },
      values: { reason },
    });
    expect(Object.keys((asked.data as { errors: object }).errors)).toEqual(["confirm"]);
    // Without JavaScript: the page again, the reason as typed, the request beside the confirmation.
    const plain = await postAndFollow(
      pages,
      `/secretariat/applications/${account.key}?do=reject`,
      { reason },
      office(),
    );
    const { document } = await readPage(plain.page);
    expect(document.querySelector<HTMLTextAreaElement>("#reason")?.value).toBe(reason);
    expect(document.querySelector("#confirm-error")?.textContent).toContain(
      "Confirm that you want to reject",
    );
    expect((await getAccount(account.key))?.rejected).toBeUndefined();
    expect(sent).toHaveLength(0);
    expect(await linesOn(account)).toHaveLength(0);
  });

  it("says in its audit line the day of the rejection in India, not in UTC", async () => {
    // Rejected at 01:48 IST on 28 November, which is still the 27th in UTC.
    const account = await makeAccount("rejected.late@example.org", {
      rejected: { at: "2026-11-27T20:18:16.175Z", reason: "Late.", by: OFFICE_EMAIL },
    });
    expect(await press(account, "reopen")).toBe(outcome(account, "reopened"));
    const [line] = await linesOn(account);
    expect(line?.summary).toBe(`Reopened ${account.applicationId}, rejected on 28 Nov 2026 (Late.)`);
  });

  it("reopens a rejected application: logged, the applicant told with what to pay, and a payment can be recorded", async () => {
    const account = applicants[18] as Account;
    await press(account, "reject", { reason: "Looked like a duplicate.", confirm: "yes" });
    sent.length = 0;
    // Rejected, its page offers 'Reopen' alone.
    const rejectedPage = await readPage(
      await pages(pageRequest(`/secretariat/applications/${account.key}`, office())),
    );
    expect(rejectedPage.document.querySelector('form[action$="?do=reopen"] button')?.textContent).toBe(
      "Reopen",
    );
    expect(rejectedPage.document.querySelector('form[action$="?do=reject"]')).toBeNull();
    const reopened = await pages(
      formPostRequest(`/secretariat/applications/${account.key}?do=reopen`, {}, office()),
    );
    expect(reopened.status).toBe(303);
    expect(reopened.headers.get("location")).toBe(`/secretariat/applications/${account.key}?done=reopened`);
    const stored = (await getAccount(account.key)) as Account;
    expect(stored.rejected).toBeUndefined();
    expect(stored.pastRejections).toEqual([
      expect.objectContaining({ reason: "Looked like a duplicate.", reopenedBy: OFFICE_EMAIL }),
    ]);
    expect((await list("?status=rejected")).rows.map((row) => row.key)).not.toContain(account.key);
    expect(sent.map((mail) => mail.body.to)).toEqual([[account.email]]);
    const mail = String(sent[0]?.body.text);
    expect(mail).toContain(`application ${account.applicationId} is open again`);
    expect(mail).toContain("Payment reference: ISGPB-EN-");
    const lines = await linesOn(account);
    expect(lines.map((line) => line.action)).toEqual(["reopen", "reject"]);
    // Its page keeps the rejection it undid.
    const reopenedPage = await readPage(
      await pages(pageRequest(`/secretariat/applications/${account.key}?done=reopened`, office())),
    );
    expect(reopenedPage.text).toContain("Rejected before, then reopened");
    expect(reopenedPage.text).toContain("Looked like a duplicate.");
    expect(lines[0]?.who).toBe(OFFICE_EMAIL);

    // Pressed again: nothing to reopen, nothing sent.
    expect(await press(account, "reopen")).toBe(outcome(account, "reopen-not-rejected"));
    expect(sent).toHaveLength(1);
    // The payment is now recorded as for any pending application.
    expect(await press(account, "payment", payment)).toBe(outcome(account, "payment-recorded"));

    // Rejected again after reopening: the applicant is told again.
    const other = applicants[19] as Account;
    await press(other, "reject", { reason: "No.", confirm: "yes" });
    await press(other, "reopen");
    sent.length = 0;
    expect(await press(other, "reject", { reason: "No.", confirm: "yes" })).toBe(outcome(other, "rejected"));
    expect(sent.map((mail) => mail.body.to)).toEqual([[other.email]]);
  });
});

describe("an application's e-mails", () => {
  const mail = (to: string, subject: string) => ({
    to: [to],
    subject,
    text: subject,
    html: `<p>${subject}</p>`,
  });

  /** The lines under "Its e-mails" on the application's page. */
  async function mailLines(account: Account): Promise<string[]> {
    const { document } = await readPage(
      await pages(pageRequest(`/secretariat/applications/${account.key}`, office())),
    );
    const heading = [...document.querySelectorAll("h2")].find((h2) => h2.textContent === "Its e-mails");
    return [...(heading?.nextElementSibling?.querySelectorAll("li") ?? [])].map((li) => li.textContent ?? "");
  }

  it("lists every mail the site sent about the application with its delivery, oldest first", async () => {
    const account = await makeAccount("every.mail@example.org", { submittedAt: "2026-01-05T04:00:00Z" });
    const { applicationId, email } = account;
    const at = (iso: string) => new Date(iso);
    const { submission: enrolment } = await storeSubmission(
      "enrolment",
      { ...enrolmentData(account), applicationId },
      { verification: mail(email, "Confirm your e-mail address") },
      at("2026-01-05T04:00:00Z"),
    );
    await fileEnrolment(account, enrolment.id);
    await storeSubmission(
      "enrolment-confirmed",
      { applicationId },
      {
        secretariat: mail("desk@example.org", "Enrolment application"),
        acknowledgement: mail(email, "What to pay"),
      },
      at("2026-01-05T05:00:00Z"),
    );
    await storeSubmission(
      "membership-activated",
      { applicationId },
      { member: mail(email, "Your membership is active") },
      at("2026-01-09T06:00:00Z"),
    );
    // Another application's mail is not this one's.
    await storeSubmission(
      "membership-activated",
      { applicationId: "EN-OTHER00001" },
      { member: mail("x@example.org", "Not this one") },
      at("2026-01-07T06:00:00Z"),
    );
    // Rejected and reopened through the workspace, each mailed for real.
    const stored = (await getAccount(account.key)) as Account;
    await press(stored, "reject", { reason: "No.", confirm: "yes" });
    await press(stored, "reopen");

    const lines = await mailLines(stored);
    expect(lines.map((line) => line.replace(/^.+? IST: /, ""))).toEqual([
      `Confirm your e-mail address to ${email}: pending`,
      "Enrolment application to desk@example.org: pending",
      `What to pay to ${email}: pending`,
      `Your membership is active to ${email}: pending`,
      expect.stringMatching(new RegExp(`^.+ to ${email}: sent$`)),
      expect.stringMatching(new RegExp(`^.+ to ${email}: sent$`)),
    ]);
    // Each says when, in India's time.
    expect(lines[0]).toMatch(/^5 Jan 2026, 09:30 IST: /);
    expect(lines.join("\n")).not.toContain("Not this one");
  });
});
