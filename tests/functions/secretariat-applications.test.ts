import { beforeAll, describe, expect, it } from "vitest";
import type { MembershipPanelData } from "#shared/api/membership.ts";
import accountLinkFunction from "../../netlify/functions/member-status.ts";
import panelFunction from "../../netlify/functions/membership-panel.ts";
import approvalFunction from "../../netlify/functions/payment-approval.ts";
import applicationsFunction from "../../netlify/functions/secretariat-applications.ts";
import sessionFunction from "../../netlify/functions/session.ts";
import { type Account, getAccount } from "../../src/server/account/accounts.server.ts";
import { approvalUrl } from "../../src/server/membership/payment-approval.server.ts";
import { paymentOf } from "../../src/server/secretariat/application-actions.server.ts";
import { recentActions } from "../../src/server/secretariat/audit.server.ts";
import { storeSubmission } from "../../src/server/submissions.server.ts";
import { FLASHES } from "../../src/shared/secretariat-flash.ts";
import { functionContext } from "../support/function-context.ts";
import { readPage } from "../support/page-server.ts";
import {
  formPostRequest,
  jsonGetRequest,
  jsonPostRequest,
  ORIGIN,
  pageRequest,
  postAndFollow,
} from "../support/requests.ts";
import { cookieFor, makeAccount, OFFICE_EMAIL, workspaceFunctionTests } from "../support/secretariat.ts";

const { sent, office, pages } = workspaceFunctionTests();

const applicants: Account[] = [];

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
  const { saveAccount } = await import("../../src/server/account/accounts.server.ts");
  await saveAccount({ ...full, submissionId: submission.id });
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

const list = async (query: string) => {
  const response = await applicationsFunction(
    jsonGetRequest(`/api/secretariat/applications${query}`, office()),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as {
    total: number;
    page: number;
    pages: number;
    rows: { name: string; key: string; status: string; reference: string }[];
  };
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
    expect(active.rows.every((row) => row.status === "active")).toBe(true);
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
    const json = await applicationsFunction(
      jsonGetRequest(`/api/secretariat/applications/${account.key}`, office()),
    );
    expect(((await json.json()) as { row: { applicationId: string } }).row.applicationId).toBe(
      account.applicationId,
    );
  });

  it("answers 404 for an unknown application, on the page and the API", async () => {
    const unknown = "a".repeat(64);
    const missing = await pages(pageRequest(`/secretariat/applications/${unknown}`, office()));
    expect(missing.status).toBe(404);
    expect((await readPage(missing)).text).toContain("There is no such application.");
    expect(
      (await applicationsFunction(jsonGetRequest(`/api/secretariat/applications/${unknown}`, office())))
        .status,
    ).toBe(404);
    expect(
      (await applicationsFunction(jsonGetRequest("/api/secretariat/applications/not-a-key", office())))
        .status,
    ).toBe(404);
  });
});

const payment = { amount: "1500", date: "2025-03-01", bankReference: "UTR-0001" };

describe("'Payment received'", () => {
  it("records the payment, activates the account and mails the member once, however often it is pressed", async () => {
    const account = applicants[5] as Account;
    const page = `/secretariat/applications/${account.key}?do=payment`;
    const path = `/api/secretariat/applications/${account.key}/payment`;
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
    const again = await applicationsFunction(jsonPostRequest(path, payment, office()));
    expect(await again.json()).toEqual({ outcome: "payment-already" });
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
  });

  it("passes a plain post to the API on to the page's action, unread", async () => {
    const account = applicants[5] as Account;
    const passed = await applicationsFunction(
      formPostRequest(`/api/secretariat/applications/${account.key}/payment`, payment, office()),
    );
    expect(passed.status).toBe(307);
    expect(passed.headers.get("location")).toBe(`/secretariat/applications/${account.key}?do=payment`);
  });

  it("leaves the signed approval link working", async () => {
    const account = applicants[6] as Account;
    const link = await approvalUrl(ORIGIN, "isgpb-development-signing-secret", {
      account: account.key,
      application: account.applicationId,
    });
    const token = new URL(link).searchParams.get("token");
    const approved = await approvalFunction(
      jsonPostRequest("/api/payment-approval", { token, amount: "1500" }),
    );
    expect(await approved.json()).toEqual({ status: "active", alreadyActive: false });
    expect(sent.map((mail) => mail.body.to)).toEqual([[account.email]]);
    // Recorded through the link, so the workspace records no second payment.
    const press = await applicationsFunction(
      jsonPostRequest(`/api/secretariat/applications/${account.key}/payment`, payment, office()),
    );
    expect(await press.json()).toEqual({ outcome: "already-active" });
  });

  it("refuses bad input, keeping what was typed beside the error, and changes nothing", async () => {
    const account = applicants[8] as Account;
    const page = `/secretariat/applications/${account.key}?do=payment`;
    const { post, page: again } = await postAndFollow(pages, page, { ...payment, amount: "lots" }, office());
    // Post/Redirect/Get: back to the page, which shows the refusal once.
    expect(post.status).toBe(303);
    expect(post.headers.get("location")).toBe(page);
    const { document } = await readPage(again);
    const amount = document.querySelector<HTMLInputElement>("#amount");
    expect(amount?.value).toBe("lots");
    expect(amount?.getAttribute("aria-invalid")).toBe("true");
    expect(document.querySelector("#amount-error")?.textContent).toContain(
      "Enter the whole rupees received, for example 1500",
    );
    expect(document.querySelector<HTMLInputElement>("#bankReference")?.value).toBe("UTR-0001");
    expect(document.querySelector('form[action$="?do=payment"] [role="status"]')?.textContent).toBe(
      "The payment was not recorded: please correct the highlighted fields.",
    );
    // With JavaScript the action answers the form itself, the errors as data.
    const script = await applicationsFunction(
      jsonPostRequest(
        `/api/secretariat/applications/${account.key}/payment`,
        { ...payment, amount: "lots" },
        office(),
      ),
    );
    expect(script.status).toBe(400);
    expect(((await script.json()) as { fields: Record<string, string> }).fields.amount).toBeDefined();
    expect((await getAccount(account.key))?.status).toBe("pending-payment");
    expect(sent).toHaveLength(0);
  });

  it("answers 404 for an unknown application or action, changing nothing", async () => {
    const unknown = "b".repeat(64);
    for (const path of [
      `/api/secretariat/applications/${unknown}/payment`,
      `/api/secretariat/applications/${applicants[9]?.key}/refund`,
      "/api/secretariat/applications/../payment",
    ]) {
      const response = await applicationsFunction(jsonPostRequest(path, payment, office()));
      expect(response.status, path).toBe(404);
    }
    for (const path of [
      `/secretariat/applications/${unknown}?do=payment`,
      `/secretariat/applications/${applicants[9]?.key}?do=refund`,
      `/secretariat/applications/${applicants[9]?.key}`,
    ]) {
      const response = await pages(formPostRequest(path, payment, office()));
      expect(response.status, path).toBe(404);
    }
    expect((await getAccount(applicants[9]?.key ?? ""))?.status).toBe("pending-payment");
    expect(sent).toHaveLength(0);
  });

  it("refuses a cross-site post", async () => {
    const request = formPostRequest(
      `/api/secretariat/applications/${applicants[9]?.key}/payment`,
      payment,
      office(),
    );
    request.headers.set("sec-fetch-site", "cross-site");
    expect((await applicationsFunction(request, functionContext())).status).toBe(403);
    expect((await getAccount(applicants[9]?.key ?? ""))?.status).toBe("pending-payment");
  });
});

describe("'Reject'", () => {
  it("marks the application rejected and mails the applicant the reason, once", async () => {
    const account = applicants[11] as Account;
    const path = `/api/secretariat/applications/${account.key}/reject`;
    const reason = "The payment reference matched no credit after three months.";
    const first = await pages(
      formPostRequest(`/secretariat/applications/${account.key}?do=reject`, { reason }, office()),
    );
    expect(first.headers.get("location")).toBe(`/secretariat/applications/${account.key}?done=rejected`);
    const second = await applicationsFunction(jsonPostRequest(path, { reason }, office()));
    expect(await second.json()).toEqual({ outcome: "reject-already" });
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
    // Rejected: nothing more can be recorded or rejected from the page.
    expect(document.querySelectorAll("main form")).toHaveLength(0);
  });

  it("shows the applicant the rejection, its reason and what to do; no payment is recorded after it", async () => {
    const account = applicants[15] as Account;
    const reason = "No transfer matched <b>your</b> reference.\nPlease write to us.";
    await pages(formPostRequest(`/secretariat/applications/${account.key}?do=reject`, { reason }, office()));
    sent.length = 0;
    const member = await cookieFor(account);

    // The account page's membership part: the rejection, its reason as typed, nothing to pay.
    const panel = await panelFunction(pageRequest("/api/account/membership", member), functionContext());
    const answer = (await panel.json()) as MembershipPanelData;
    expect(answer).toMatchObject({
      status: "rejected",
      statusLine: "Application not accepted",
      rejection: {
        applicationId: account.applicationId,
        reason: ["No transfer matched <b>your</b> reference.", "Please write to us."],
      },
      due: null,
    });
    // The account's status, with JavaScript and without.
    const session = await sessionFunction(jsonGetRequest("/api/session", member), functionContext());
    expect(((await session.json()) as { member: { status: string } }).member.status).toBe("rejected");
    const status = await accountLinkFunction(pageRequest("/api/account", member), functionContext());
    expect(status.headers.get("location")).toBe("/account");

    // Neither the workspace nor a stale approval link records a payment for it.
    const press = await applicationsFunction(
      jsonPostRequest(`/api/secretariat/applications/${account.key}/payment`, payment, office()),
    );
    expect(await press.json()).toEqual({ outcome: "payment-rejected" });
    const link = await approvalUrl(ORIGIN, "isgpb-development-signing-secret", {
      account: account.key,
      application: account.applicationId,
    });
    const token = new URL(link).searchParams.get("token");
    const approved = await approvalFunction(
      jsonPostRequest("/api/payment-approval", { token, amount: "1500" }),
    );
    expect(approved.status).toBe(409);
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
      { reason: " " },
      office(),
    );
    const { document } = await readPage(empty.page);
    expect(document.querySelector("#reason-error")?.textContent).toContain(
      "Give the reason; the applicant receives it",
    );
    expect((await getAccount(account.key))?.rejected).toBeUndefined();
    const active = applicants[20] as Account;
    const refused = await applicationsFunction(
      jsonPostRequest(`/api/secretariat/applications/${active.key}/reject`, { reason: "No" }, office()),
    );
    expect(await refused.json()).toEqual({ outcome: "reject-active" });
    expect((await getAccount(active.key))?.rejected).toBeUndefined();
    expect(sent).toHaveLength(0);
  });
});
