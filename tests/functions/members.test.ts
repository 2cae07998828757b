import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import sessionFunction from "../../netlify/functions/session.ts";
import { createAccountLink } from "../../src/server/account/account-links.server.ts";
import { confirmEmailChange } from "../../src/server/account/account-settings.server.ts";
import { accountKey, findAccount, getAccount } from "../../src/server/account/accounts.server.ts";
import { closeAccount } from "../../src/server/account/close-account.server.ts";
import { ACCOUNT_LIMIT, PAIR_LIMIT, recordFailure } from "../../src/server/account/login-throttle.server.ts";
import { SCRYPT } from "../../src/server/account/password-cost.server.ts";
import { database } from "../../src/server/db/database.server.ts";
import { membershipContent } from "../../src/server/membership/membership-content.server.ts";
import { approvalUrl } from "../../src/server/membership/payment-approval.server.ts";
import { signToken } from "../../src/server/signed-token.server.ts";
import { issueFormToken } from "../../src/server/spam/form-guard.server.ts";
import { readSubmission } from "../../src/server/submissions.server.ts";
import {
  APPROVAL_OUTCOMES,
  ENROLLED_MESSAGE,
  LOGIN_FAILED,
  LOGIN_UNVERIFIED,
  VERIFY_OUTCOMES,
} from "../../src/shared/account.ts";
import { sessionAnswerSchema } from "../../src/shared/api/account.ts";
import { isCommonPassword } from "../../src/shared/common-passwords.ts";
import { todayInIndia } from "../../src/shared/format-date.ts";
import type { FormRefusal } from "../../src/shared/forms/form-result.ts";
import { dayInIndia, financialYearLabel, financialYearOf } from "../../src/shared/membership/calendar.ts";
import { firstPeriodSentence, joiningLateSentence } from "../../src/shared/membership/status.ts";
import { privacyNoticeVersion } from "../../src/shared/privacy-notice.ts";
import { resendAccepts, type SentMail } from "../mocks/resend.ts";
import { outboxMails, startDatabase } from "../support/database.ts";
import { setupMsw } from "../support/msw.ts";
import { pageServer, readData, readPage } from "../support/page-server.ts";
import {
  cookieSet,
  type Fields,
  formPostRequest,
  pageRequest,
  postAndFollow,
  scriptPostRequest,
} from "../support/requests.ts";

// Every sign-in and enrolment runs scrypt (a good part of a second on a busy machine).
vi.setConfig({ testTimeout: 30_000 });

const sent: SentMail[] = [];
setupMsw(resendAccepts(sent));
const { local } = startDatabase();

const SECRET = "members-test-secret";
const PASSWORD = "Kharif-sowing-2291";
const ORIGIN = "https://isgpb.example";
/** Tokens of forms opened a minute ago: each is good for one submission, as a person's would be. */
const formTokens: string[] = [];
const nextToken = () => formTokens.pop() ?? "";
const logged: string[] = [];

/** The pages of sign-up, sign-in, the e-mailed links and the account, as the site answers them. */
let pages: Awaited<ReturnType<typeof pageServer>>;

beforeAll(async () => {
  pages = await pageServer((path) =>
    ["sign-up", "login", "logout", "verify-email", "approve-payment", "account"].includes(path),
  );
  vi.stubEnv("SIGNING_SECRET", SECRET);
  vi.stubEnv("RESEND_API_KEY", "re_test_key");
  vi.stubEnv("RESEND_TIMEOUT_MS", "1000");
  vi.stubEnv("SECRETARIAT_EMAIL", "secretary@example.org");
  for (let i = 0; i < 300; i++) formTokens.push(await issueFormToken(SECRET, new Date(Date.now() - 60_000)));
  for (const level of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(" "));
    });
  }
});
afterAll(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
/** Every mail of the file, for the last test: `sent` is emptied before each test. */
const everSent: SentMail[] = [];
beforeEach(() => {
  everSent.push(...sent);
  sent.length = 0;
});

const application = (extra: Record<string, unknown> = {}) => ({
  membership: "2",
  name: "Ananya Bose",
  designation: "Professor of Plant Breeding",
  dob: "1979-02-14",
  gender: "Female",
  indianLanguages: ["Bengali", "English"],
  address: "Department of Genetics\nExample Agricultural University",
  country: "India",
  state: "West Bengal",
  city: "Kalyani",
  pincode: "741235",
  phone: "033 0000 0000",
  mobile: "90000 00042",
  email: "ananya@example.org",
  password: PASSWORD,
  confirmPassword: PASSWORD,
  author: true,
  reviewer: false,
  areasOfInterest: "Jute genomics",
  agreement: true,
  reference: "",
  form_token: nextToken(),
  ...extra,
});

/** The enrolment's fields as the sign-up form sends them: a ticked box is "on", an unticked one absent. */
const formOf = (fields: Record<string, unknown>): Fields =>
  Object.fromEntries(
    Object.entries(fields).flatMap(([name, value]) =>
      value === true ? [[name, "on"]] : value === false || value === undefined ? [] : [[name, value]],
    ),
  ) as Fields;

/**
 * A page's form as its script posts it, from a network address: the action's refusal (with its
 * status), or where it sends the page.
 */
async function script(
  path: string,
  fields: Fields,
  { cookie, headers = {}, ip = "203.0.113.7" }: { cookie?: string; headers?: HeadersInit; ip?: string } = {},
) {
  const answer = await readData(await pages(scriptPostRequest(path, fields, cookie, headers), { ip }));
  return { ...answer, refusal: answer.data as FormRefusal };
}

const enrol = (fields: Record<string, unknown>, headers?: Record<string, string>) =>
  script("/sign-up", formOf(fields), { headers });
/** What an accepted enrolment's receipt page is told: the application's id, its type and the reference to quote. */
function receiptOf({ redirect }: { redirect?: string }) {
  const url = new URL(redirect ?? "/", ORIGIN);
  expect(url.pathname).toBe("/sign-up");
  expect(url.searchParams.get("status")).toBe("sent");
  return {
    applicationId: url.searchParams.get("id") ?? "",
    type: url.searchParams.get("type"),
    paymentReference: url.searchParams.get("reference"),
  };
}
const login = (email: string, password: string, ip?: string) => script("/login", { email, password }, { ip });
/** Where a signed-in member goes. */
const HOME = "/account";

/** Every row of every table, as text: what the site keeps. */
async function everythingStored(): Promise<string> {
  const { db } = local();
  const { rows: tables } = await db.query<{ name: string }>(
    "SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public'",
  );
  const texts: string[] = [];
  for (const { name } of tables) {
    const { rows } = await db.query<{ rows: string }>(
      `SELECT coalesce(json_agg(t), '[]')::text AS rows FROM ${name} t`,
    );
    texts.push(name, rows[0]?.rows ?? "");
  }
  return texts.join("\n");
}

/** The enrolment's stored form, as the site kept it. */
const enrolmentOf = async (submissionId = "") =>
  (await readSubmission<Record<string, unknown>>("enrolment", submissionId))?.data ?? {};

const cookieOf = ({ headers }: { headers: Headers }) => headers.get("set-cookie")?.split(";")[0] ?? "";
const session = (cookie: string) =>
  sessionFunction(new Request(`${ORIGIN}/api/session`, { headers: { cookie } }));

/** The link's page's button (`token`), or its 'Send me a fresh link' (`intent: "resend"`), as the script presses it. */
const verify = (fields: Fields) => script("/verify-email", fields);
/** Where the link's page comes back to: what became of the link. */
const VERIFIED = (outcome: keyof typeof VERIFY_OUTCOMES) => `/verify-email?status=${outcome}`;
const linkOf = (mail: SentMail | undefined) => /https:\/\/\S+/.exec(String(mail?.body.text))?.[0] ?? "";
const tokenOf = (url: string) => new URL(url).searchParams.get("token") ?? "";
/** The newest confirmation mail to `email` among the mails of this test. */
const confirmationMail = (email: string) =>
  sent.findLast(
    (mail) =>
      (mail.body.to as string[]).includes(email) && /^Confirm your e-mail/.test(String(mail.body.subject)),
  );
/** Opens the confirmation link mailed to `email` and presses its button. */
const confirmAddress = async (email: string) => verify({ token: tokenOf(linkOf(confirmationMail(email))) });

describe("the sign-up page's enrolment form", () => {
  it("stores the application and an account that waits for its address to be confirmed, then for payment", async () => {
    const response = await enrol(application());
    const receipt = receiptOf(response);
    const account = await findAccount("ananya@example.org");
    // One payment reference, from this answer on: the one the treasurer matches the bank credit by.
    const reference = `ISGPB-${account?.applicationId}-L1`;
    expect(receipt).toEqual({
      applicationId: account?.applicationId,
      type: "2",
      paymentReference: reference,
    });
    const shown = await readPage(await pages(pageRequest(response.redirect ?? "")));
    expect(shown.text).toContain(ENROLLED_MESSAGE);
    expect(account).toMatchObject({ status: "pending-payment", name: "Ananya Bose", membership: "2" });
    expect(account?.applicationId).toMatch(/^EN-[0-9A-F]{10}$/);
    // scrypt at the configured cost (lowered for the tests: tests/setup/password-cost.ts), a 16-byte salt.
    expect(account?.passwordHash).toMatch(
      new RegExp(`^scrypt\\$${SCRYPT.logN}\\$8\\$1\\$[\\w-]{22}\\$[\\w-]{43}$`),
    );

    const record = await enrolmentOf(account?.submissionId);
    expect(record).toMatchObject({ pincode: "741235", author: true });
    expect(record).not.toHaveProperty("password");
    // The version of the privacy notice the applicant accepted is kept with the application.
    expect(record.privacyNoticeVersion).toBe(privacyNoticeVersion);
    expect(account?.privacyNoticeVersion).toBe(privacyNoticeVersion);

    // Only the applicant hears, with a link to confirm the address; the account cannot sign in yet.
    expect(sent.map((mail) => mail.body.to)).toEqual([["ananya@example.org"]]);
    const link = linkOf(confirmationMail("ananya@example.org"));
    expect(link).toMatch(/^https:\/\/isgpb\.example\/verify-email\?token=\S+$/);
    expect(String(sent[0]?.body.text)).toContain(account?.applicationId);
    const early = await login("ananya@example.org", PASSWORD, "192.0.2.50");
    expect(early.redirect).toBe("/login?status=unverified");
    expect(early.headers.get("set-cookie")).toBeNull();

    // Opening the link's page changes nothing; its button confirms, and only then is the secretariat told.
    sent.length = 0;
    const confirmed = await verify({ token: tokenOf(link) });
    expect(confirmed.redirect).toBe(VERIFIED("confirmed"));
    expect((await readPage(await pages(pageRequest(VERIFIED("confirmed"))))).text).toContain(
      VERIFY_OUTCOMES.confirmed,
    );
    expect((await findAccount("ananya@example.org"))?.status).toBe("pending-payment");
    expect(sent.map((mail) => mail.body.to).sort()).toEqual([
      ["ananya@example.org"],
      ["secretary@example.org"],
    ]);
    const toSecretariat = sent.find((mail) => (mail.body.to as string[])[0] === "secretary@example.org");
    const toApplicant = sent.find((mail) => (mail.body.to as string[])[0] === "ananya@example.org");
    const secretariatText = String(toSecretariat?.body.text);
    for (const value of [
      "Ananya Bose",
      "741235",
      "West Bengal",
      "Jute genomics",
      "Bengali, English",
      "Life Member",
    ])
      expect(secretariatText).toContain(value);
    expect(secretariatText).toMatch(/https:\/\/isgpb\.example\/approve-payment\?token=\S+/);
    expect(String(toApplicant?.body.text)).toContain(account?.applicationId);
    expect(String(toApplicant?.body.text)).toContain(`Payment reference: ${reference}`);
    expect(String(toApplicant?.body.text)).not.toMatch(/quot\w+ your application id/);
    expect(secretariatText).toContain(reference);
    expect(String(toApplicant?.body.text)).toContain("IFSC");
    expect(String(toSecretariat?.body.html)).toContain("Department of Genetics<br/>Example");

    // The link works once.
    expect((await verify({ token: tokenOf(link) })).redirect).toBe(VERIFIED("used"));
  });

  it("answers an address that already has an account exactly as a new one, and tells its owner", async () => {
    const again = await enrol(
      application({ name: "Someone Else", password: "another-Pass-77", confirmPassword: "another-Pass-77" }),
    );
    const fresh = await enrol(application({ email: "new.member@example.org" }));
    expect(again.status).toBe(fresh.status);
    const [againBody, freshBody] = [receiptOf(again), receiptOf(fresh)];
    // The same receipt; the id is the hash of what was sent, so it says nothing about the address.
    expect(Object.keys(againBody)).toEqual(Object.keys(freshBody));
    expect(againBody.applicationId).toMatch(/^EN-[0-9A-F]{10}$/);
    expect(againBody.paymentReference).toBe(`ISGPB-${againBody.applicationId}-L1`);
    expect(againBody.applicationId).not.toBe((await findAccount("ananya@example.org"))?.applicationId);
    expect((await confirmAddress("new.member@example.org")).redirect).toBe(VERIFIED("confirmed"));
    const owner = sent.find((mail) => String(mail.body.subject).includes("already have an account"));
    expect(owner?.body.to).toEqual(["ananya@example.org"]);
    expect(String(owner?.body.text)).toContain("set a new one at https://isgpb.example/forgot-password");
    // No second application, and the account keeps its name and password.
    expect(sent.filter((mail) => String(mail.body.subject).includes("Someone Else"))).toEqual([]);
    expect((await findAccount("ananya@example.org"))?.name).toBe("Ananya Bose");
  });

  it("is the sign-up page's own form: without JavaScript it goes to the page that confirms it, a refusal back to the form", async () => {
    const form = new URLSearchParams({
      ...application({ email: "form.member@example.org" }),
      indianLanguages: "Hindi",
    } as never);
    form.append("indianLanguages", "Urdu");
    form.set("author", "on");
    form.set("agreement", "on");
    form.delete("reviewer");
    const response = await pages(formPostRequest("/sign-up", form));
    expect(response.status).toBe(303);
    const account = await findAccount("form.member@example.org");
    expect(response.headers.get("location")).toBe(
      `/sign-up?status=sent&id=${account?.applicationId}&type=2&reference=ISGPB-${account?.applicationId}-L1`,
    );
    expect(await enrolmentOf(account?.submissionId)).toMatchObject({
      indianLanguages: ["Hindi", "Urdu"],
      author: true,
      reviewer: false,
    });
    const receipt = await readPage(await pages(pageRequest(response.headers.get("location") ?? "")));
    expect(receipt.text).toContain(account?.applicationId);

    // A refusal is the sign-up form again, each problem beside its field, what was typed but no password.
    const refused = new URLSearchParams(form);
    refused.set("email", "not an address");
    refused.set("password", "secret-typed-7");
    refused.set("confirmPassword", "secret-typed-8");
    refused.set("form_token", nextToken());
    const { post, page } = await postAndFollow(pages, "/sign-up", {
      ...Object.fromEntries(refused),
      indianLanguages: refused.getAll("indianLanguages"),
    });
    expect(post.status).toBe(303);
    expect(post.headers.get("location")).toBe("/sign-up#enrolment-error-summary");
    const { html, document } = await readPage(page);
    expect(document.querySelector<HTMLInputElement>('main input[name="email"]')?.value).toBe(
      "not an address",
    );
    expect(document.querySelector<HTMLInputElement>('main input[name="name"]')?.value).toBe("Ananya Bose");
    expect(document.getElementById("email-error")?.textContent).toBe("Error: Enter a valid e-mail address");
    expect(document.getElementById("confirmPassword-error")?.textContent).toBe(
      "Error: The passwords do not match",
    );
    expect(document.querySelector<HTMLInputElement>('main input[name="password"]')?.value).toBe("");
    expect(html).not.toContain("secret-typed");
  });

  it("lists a refused form's problems in its summary in the order of the fields on the page", async () => {
    const form = new URLSearchParams({ ...application(), form_token: nextToken() } as never);
    form.set("pincode", "7412");
    form.set("email", "not an address");
    form.set("confirmPassword", "Kharif-sowing-2292");
    form.delete("agreement");
    form.delete("indianLanguages");
    form.set("author", "on");
    form.delete("reviewer");
    const { page } = await postAndFollow(pages, "/sign-up", Object.fromEntries(form));
    const { document } = await readPage(page);
    const linked = [...document.querySelectorAll(".error-summary li a")].map((link) =>
      link.getAttribute("href"),
    );
    const onPage = [...document.querySelectorAll("main form [name]")]
      .map((field) => `#${field.getAttribute("name")}`)
      .filter((name) => linked.includes(name));
    expect(linked).toEqual(["#pincode", "#email", "#confirmPassword", "#agreement"]);
    expect(linked).toEqual([...new Set(onPage)]);
  });

  it("tells the applicant before paying how joining late counts, and after sending the reference and the period", async () => {
    const rules = membershipContent();
    const form = await readPage(await pages(pageRequest("/sign-up")));
    expect(form.document.querySelector("#checkout-title")?.parentElement?.textContent).toContain(
      joiningLateSentence(rules),
    );

    const id = "EN-0A1B2C3D4E";
    const start = rules.calendar.financialYearStartMonth;
    const today = dayInIndia(new Date());
    // The answer's reference is shown as it was given, even on a page opened after 1 April.
    const lastYear = financialYearLabel(financialYearOf(today, start) - 1, start);
    const reference = `ISGPB-${id}-${lastYear}`;
    const receipt = await readPage(
      await pages(pageRequest(`/sign-up?status=sent&id=${id}&type=1&reference=${reference}`)),
    );
    expect(receipt.document.querySelector("[data-payment-reference]")?.textContent).toBe(reference);
    // The confirmation is the page (item 1): its heading first, no form under it.
    expect(receipt.document.querySelector("main h1")?.textContent).toBe("Your application is received");
    expect(receipt.document.querySelector("main form")).toBeNull();
    expect(receipt.document.querySelector("[data-first-period]")?.textContent).toBe(
      firstPeriodSentence("1", today, rules),
    );
    // Another application's reference is never shown: the page names this one's.
    const other = await readPage(
      await pages(
        pageRequest(`/sign-up?status=sent&id=${id}&type=1&reference=ISGPB-EN-FFFFFFFFFF-${lastYear}`),
      ),
    );
    expect(other.document.querySelector("[data-payment-reference]")?.textContent).toMatch(
      new RegExp(`^ISGPB-${id}-`),
    );
    // An author or reviewer: nothing to pay, no period.
    const author = await readPage(await pages(pageRequest(`/sign-up?status=sent&id=${id}&type=none`)));
    expect(author.document.querySelector("[data-payment-reference], [data-first-period]")).toBeNull();
  });

  it("answers 400 with each field's problem, and stores nothing", async () => {
    const response = await enrol(
      application({
        email: "bad@example.org",
        pincode: "012345",
        password: "password123",
        confirmPassword: "password124",
        agreement: false,
        dob: "2031-01-01",
      }),
    );
    expect(response.status).toBe(400);
    // What was typed comes back to be shown again, never a password.
    expect(response.refusal.values).toMatchObject({ email: "bad@example.org", pincode: "012345" });
    expect(JSON.stringify(response.refusal.values)).not.toContain("password12");
    expect(response.refusal.errors).toEqual({
      pincode: "Enter a six-digit PIN code that does not start with 0",
      password: "This password is too common; choose another",
      confirmPassword: "The passwords do not match",
      agreement: "Please agree to the terms and conditions",
      dob: "Enter a date of birth between 16 and 110 years ago",
    });
    expect(await findAccount("bad@example.org")).toBeNull();
  });

  it("refuses a password from the full common-password list that the form's short list lets by", async () => {
    expect(isCommonPassword("Midnight")).toBe(false);
    const response = await enrol(
      application({ email: "midnight@example.org", password: "Midnight", confirmPassword: "Midnight" }),
    );
    expect(response.status).toBe(400);
    expect(response.refusal.errors).toEqual({
      password: "This password is too common; choose another",
    });
    expect(await findAccount("midnight@example.org")).toBeNull();
  });

  it("quarantines a bot's enrolment without its password and answers the same", async () => {
    const response = await enrol(
      application({ email: "bot@example.org", reference: "https://spam.example" }),
    );
    expect(receiptOf(response)).toEqual({
      applicationId: expect.stringMatching(/^EN-[0-9A-F]{10}$/),
      type: "2",
      paymentReference: expect.stringMatching(/^ISGPB-EN-[0-9A-F]{10}-L1$/),
    });
    expect(await findAccount("bot@example.org")).toBeNull();
    const held = await database()
      .selectFrom("held_submissions")
      .select("id")
      .where("kind", "=", "enrolment")
      .execute();
    expect(held).toHaveLength(1);
    expect(await everythingStored()).not.toContain(PASSWORD);
  });

  it.each([
    ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
    ["Sec-Fetch-Site: same-site", { "sec-fetch-site": "same-site" }],
    ["an Origin of another site", { "sec-fetch-site": "", origin: "https://evil.example" }],
  ])("refuses a request with %s", async (_, headers) => {
    const request = scriptPostRequest(
      "/sign-up",
      formOf(application({ email: "csrf@example.org" })),
      undefined,
      headers,
    );
    if (!headers["sec-fetch-site"]) request.headers.delete("sec-fetch-site");
    expect((await pages(request)).status).toBe(403);
    expect(await findAccount("csrf@example.org")).toBeNull();
  });
});

describe("the login page, GET /api/session, and signing out", () => {
  it("starts a session in a __Host- cookie that is HttpOnly, Secure and SameSite=Lax", async () => {
    const response = await login("Ananya@Example.org", PASSWORD);
    expect(response.redirect).toBe(HOME);
    expect(response.headers.get("cache-control")).toMatch(/no-store/);
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(
      /^__Host-isgpb_session=[\w-]{43}; Path=\/; HttpOnly; Secure; SameSite=Lax; Max-Age=\d+$/,
    );
    expect(cookie).not.toContain("Domain");

    const answer = await session(cookieOf(response));
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const body = await answer.json();
    expect(body).toMatchObject({
      signedIn: true,
      member: { name: "Ananya Bose", status: "pending-payment" },
    });
    expect(JSON.stringify(body)).not.toContain("scrypt");
  });

  it("gives one answer, in about the same time, for a wrong password and an unknown address", async () => {
    let start = performance.now();
    const wrongPassword = await login("ananya@example.org", "not-her-password");
    const knownTime = performance.now() - start;
    start = performance.now();
    const unknown = await login("nobody@example.org", "not-her-password");
    const unknownTime = performance.now() - start;
    expect(wrongPassword.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrongPassword.refusal.message).toBe(LOGIN_FAILED);
    expect(unknown.refusal.message).toBe(LOGIN_FAILED);
    // Both verify an scrypt hash; without the decoy the unknown address would answer in ~1 ms.
    expect(unknownTime).toBeGreaterThan(knownTime / 3);
    expect(wrongPassword.headers.get("set-cookie")).toBeNull();
  });

  it(`refuses a network after ${PAIR_LIMIT} wrong passwords for an account, and no other network`, async () => {
    const email = "new.member@example.org";
    const guesser = "198.51.100.1";
    for (let attempt = 1; attempt <= PAIR_LIMIT; attempt++)
      expect((await login(email, `wrong-${attempt}`, guesser)).status).toBe(401);
    // The guessing network is refused, even with the right password, and told when to try again.
    const refused = await login(email, PASSWORD, guesser);
    expect(refused.status).toBe(429);
    expect(refused.refusal.message).toMatch(
      /^Too many attempts to sign in\. Please try again in \d+ minutes?\.$/,
    );
    // The page's script is told when to come back in the header too, in seconds.
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const minutes = Number(/in (\d+) minute/.exec(refused.refusal.message)?.[1]);
    expect(minutes).toBeGreaterThan(0);
    expect(minutes).toBeLessThanOrEqual(15);
    // The owner, on another network, signs in as usual: no one can lock the account.
    expect((await login(email, PASSWORD, "192.0.2.200")).redirect).toBe(HOME);
    // Another account from the guessing network is not affected either.
    expect((await login("ananya@example.org", PASSWORD, guesser)).redirect).toBe(HOME);
  });

  it(`under attack from many networks (${ACCOUNT_LIMIT}+ failures) each guessing network gets one try, the owner's gets in`, async () => {
    const email = "new.member@example.org";
    const attackers = Array.from({ length: ACCOUNT_LIMIT }, (_, index) => `198.18.0.${index + 1}`);
    // Each guess costs an scrypt hash; all but the last are recorded directly to keep the test short.
    await Promise.all(attackers.slice(0, -1).map((ip) => recordFailure(ip, accountKey(email))));
    expect((await login(email, "a-guess-1", attackers.at(-1))).status).toBe(401);
    // Below the per-network limit, yet refused: the account is being guessed at from everywhere.
    expect((await login(email, "a-guess-2", attackers[0])).status).toBe(429);
    expect((await login(email, PASSWORD, attackers[1])).status).toBe(429);
    // A network that has not been guessing still gets the owner in, with no wait.
    const owner = await login(email, PASSWORD, "192.0.2.201");
    expect(owner.redirect).toBe(HOME);
  });

  it("ends the session on the server: the old cookie no longer signs in", async () => {
    const cookie = cookieOf(await login("ananya@example.org", PASSWORD));
    const response = await pages(formPostRequest("/logout", {}, cookie));
    expect(response.status).toBe(303);
    expect(response.headers.get("set-cookie")).toMatch(/^__Host-isgpb_session=; .*Max-Age=0/);
    await expect((await session(cookie)).json()).resolves.toEqual({ signedIn: false });
  });

  it("a form post signs in and goes to /account, or back to /login", async () => {
    const ok = await pages(formPostRequest("/login", { email: "ananya@example.org", password: PASSWORD }));
    expect(ok.status).toBe(303);
    const ananya = await findAccount("ananya@example.org");
    expect(ok.headers.get("location")).toBe("/account");
    expect(ok.headers.get("set-cookie")).toMatch(/^__Host-isgpb_session=/);
    const account = await pages(pageRequest(ok.headers.get("location") ?? "", cookieSet(ok)));
    expect(account.status).toBe(200);
    expect((await readPage(account)).text).toContain(ananya?.applicationId);

    // A refusal is the login page again, saying why (never with the password).
    const { post, page } = await postAndFollow(pages, "/login", {
      email: "ananya@example.org",
      password: "nope-nope",
    });
    expect(post.status).toBe(303);
    expect(post.headers.get("location")).toBe("/login#login-error-summary");
    expect(post.headers.getSetCookie().some((cookie) => cookie.startsWith("__Host-isgpb_session="))).toBe(
      false,
    );
    const { html, text, document } = await readPage(page);
    expect(text).toContain(LOGIN_FAILED);
    expect(document.querySelector<HTMLInputElement>('main input[name="email"]')?.value).toBe(
      "ananya@example.org",
    );
    expect(html).not.toContain("nope-nope");
  });

  it("refuses a cross-site sign-in and sign-out", async () => {
    const cross = { "sec-fetch-site": "cross-site" };
    expect(
      (await script("/login", { email: "ananya@example.org", password: PASSWORD }, { headers: cross }))
        .status,
    ).toBe(403);
    expect((await pages(formPostRequest("/logout", {}, undefined, cross))).status).toBe(403);
  });
});

describe("the secretariat's approval link", () => {
  const key = accountKey("ananya@example.org");
  const linkToken = (url: string) => new URL(url).searchParams.get("token") ?? "";
  const linkPage = (token: string) => `/approve-payment?token=${encodeURIComponent(token)}`;
  /** What the link's page shows, as its data: the application and what is due, or the link's outcome. */
  const show = async (token: string) => {
    const answer = await readData(
      await pages(
        pageRequest(linkPage(token).replace("?", ".data?"), undefined, { headers: { accept: "*/*" } }),
      ),
    );
    const routes = answer.data as Record<string, { data?: Record<string, unknown> }>;
    return routes["routes/approve-payment"]?.data ?? {};
  };
  /** 'Mark payment received', as the page's script presses it. */
  const approve = (token: string, headers: Record<string, string> = {}, amount = "1,500") =>
    script(linkPage(token), { token, amount, date: todayInIndia() }, { headers });
  /** The page a press comes back to. */
  const outcomeOf = ({ redirect }: { redirect?: string }) =>
    new URL(redirect ?? "/", ORIGIN).searchParams.get("status");

  it("refuses a tampered or expired link, and opening a link changes nothing", async () => {
    const account = await findAccount("ananya@example.org");
    const approval = { account: key, application: account?.applicationId ?? "" };
    const token = linkToken(await approvalUrl(ORIGIN, SECRET, approval));
    const [payload, signature] = token.split(".");
    const other = Buffer.from(
      JSON.stringify({
        purpose: "payment-approval",
        expires: Date.now() + 1e9,
        data: { ...approval, account: accountKey("new.member@example.org") },
      }),
    ).toString("base64url");
    expect(outcomeOf(await approve(`${other}.${signature}`))).toBe("invalid");
    expect(outcomeOf(await approve(`${payload}x.${signature}`))).toBe("invalid");
    const forged = linkToken(await approvalUrl(ORIGIN, "guessed-secret", approval));
    expect(outcomeOf(await approve(forged))).toBe("invalid");
    const old = linkToken(
      await approvalUrl(ORIGIN, SECRET, approval, new Date(Date.now() - 15 * 24 * 3600 * 1000)),
    );
    expect(outcomeOf(await approve(old))).toBe("expired");
    expect(await show(old)).toMatchObject({ kind: "outcome", outcome: "expired" });

    const shown = await show(token);
    expect(shown.kind).toBe("application");
    expect(shown.application).toMatchObject({
      name: "Ananya Bose",
      status: "pending-payment",
    });
    expect((await findAccount("ananya@example.org"))?.status).toBe("pending-payment");
    expect((await approve(token, { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await findAccount("ananya@example.org"))?.status).toBe("pending-payment");
  });

  it("one POST activates the account and tells the member; a second changes nothing", async () => {
    const secretariatMail = await (async () => {
      await enrol(application({ email: "approve.me@example.org" }));
      await confirmAddress("approve.me@example.org");
      return sent.find((mail) => (mail.body.to as string[]).includes("secretary@example.org"));
    })();
    const link = /https:\/\/\S+/.exec(String(secretariatMail?.body.text))?.[0] ?? "";
    sent.length = 0;
    const response = await approve(linkToken(link));
    expect(outcomeOf(response)).toBe("approved");
    expect((await findAccount("approve.me@example.org"))?.status).toBe("active");
    expect(sent.map((mail) => [mail.body.to, mail.body.subject])).toEqual([
      [["approve.me@example.org"], expect.stringMatching(/^Your membership is active/)],
    ]);
    // The member is told the payment by the reference they quoted, and their member number.
    const applicationId = (await findAccount("approve.me@example.org"))?.applicationId ?? "";
    expect(String(sent[0]?.body.subject)).toContain(`ISGPB-${applicationId}-L1`);
    expect(String(sent[0]?.body.text)).toContain(`Member number: M-${applicationId.slice(3)}`);
    // A receipt: the amount received and the day it was recorded.
    expect(String(sent[0]?.body.text)).toContain("Amount received: ₹1,500");
    expect(String(sent[0]?.body.text)).toMatch(/Recorded on: \d{1,2} [A-Z][a-z]+ \d{4}/);
    expect(outcomeOf(await approve(linkToken(link)))).toBe("already");
    expect(sent).toHaveLength(1);
  });

  it("tells the buyer of a single copy what was bought, not that a membership began (decision 0038)", async () => {
    await enrol(application({ email: "one.copy@example.org", membership: "4" }));
    const secretariatMail = await (async () => {
      await confirmAddress("one.copy@example.org");
      return sent.find((mail) => (mail.body.to as string[]).includes("secretary@example.org"));
    })();
    const link = /https:\/\/\S+/.exec(String(secretariatMail?.body.text))?.[0] ?? "";
    sent.length = 0;
    // The link's page, pressed without JavaScript, says so too.
    const pressed = await pages(
      formPostRequest(`/approve-payment?token=${encodeURIComponent(linkToken(link))}`, {
        amount: "500",
        date: todayInIndia(),
      }),
    );
    const done = new URL(pressed.headers.get("location") ?? "", ORIGIN);
    expect(done.searchParams.get("status")).toBe("single-copy");
    const page = await readPage(await pages(pageRequest(`${done.pathname}${done.search}`)));
    expect(page.text).toContain(
      "Payment recorded for one copy of the journal: the buyer has been told by e-mail.",
    );
    expect(page.text).not.toContain("the member has been told");
    const [mail] = sent;
    expect(mail?.body.subject).toMatch(/^Payment ISGPB-\S+ received: one copy of the journal$/);
    expect(String(mail?.body.text)).toContain("for one copy of the journal. There is nothing to renew.");
    expect(String(mail?.body.text)).toContain("Status: Paid: one copy of the journal");
    expect(String(mail?.body.text)).not.toMatch(/membership is (now )?active/i);
    // The account page says the same in both its parts, never "Active" in one and "Paid" in the other.
    const cookie = cookieOf(await login("one.copy@example.org", PASSWORD, "192.0.2.71"));
    const account = await readPage(await pages(pageRequest("/account", cookie)));
    const statuses = [...account.document.querySelectorAll("dt")]
      .filter((term) => term.textContent === "Status")
      .map((term) => term.nextElementSibling?.textContent);
    expect(statuses).toEqual(["Paid: one copy of the journal", "Paid: one copy of the journal"]);
  });

  it("works as a plain form without JavaScript: each press comes back to a page with the outcome", async () => {
    await enrol(application({ email: "plain.approval@example.org" }));
    await confirmAddress("plain.approval@example.org");
    const account = await findAccount("plain.approval@example.org");
    const id = account?.applicationId;
    const approval = { account: accountKey("plain.approval@example.org"), application: id ?? "" };
    const press = (
      token: string,
      fields: Record<string, string> = { amount: "1500", date: todayInIndia() },
    ) => pages(formPostRequest(`/approve-payment?token=${encodeURIComponent(token)}`, fields));
    const old = linkToken(
      await approvalUrl(ORIGIN, SECRET, approval, new Date(Date.now() - 15 * 24 * 3600 * 1000)),
    );

    const expired = await press(old);
    expect(expired.status).toBe(303);
    const back = new URL(expired.headers.get("location") ?? "", ORIGIN);
    expect([back.pathname, back.searchParams.get("status"), back.searchParams.get("id")]).toEqual([
      "/approve-payment",
      "expired",
      id,
    ]);
    // That page's own button posts to its URL, which carries the token, to ask for a fresh link.
    const expiredPage = await readPage(await pages(pageRequest(`${back.pathname}${back.search}`)));
    expect(expiredPage.document.querySelector('main button[name="action"][value="renew"]')).not.toBeNull();
    const renewed = await press(back.searchParams.get("token") ?? "", { action: "renew" });
    expect(renewed.headers.get("location")).toBe(`/approve-payment?status=renewed&id=${id}`);

    const token = linkToken(await approvalUrl(ORIGIN, SECRET, approval));
    // The link's page shows the application and the button; opening it changes nothing.
    const opened = await readPage(
      await pages(pageRequest(`/approve-payment?token=${encodeURIComponent(token)}`)),
    );
    expect(opened.document.querySelector("main h2")?.textContent).toBe(`Application ${id}`);
    expect(opened.document.querySelector('main input[name="amount"]')).not.toBeNull();
    expect((await findAccount("plain.approval@example.org"))?.status).toBe("pending-payment");
    expect((await press(token)).headers.get("location")).toBe(`/approve-payment?status=approved&id=${id}`);
    expect((await findAccount("plain.approval@example.org"))?.status).toBe("active");
    expect((await press(token)).headers.get("location")).toBe(`/approve-payment?status=already&id=${id}`);
    expect((await press("forged.token")).headers.get("location")).toBe("/approve-payment?status=invalid");
    const cross = await pages(
      formPostRequest(
        `/approve-payment?token=${token}`,
        { amount: "1500", date: todayInIndia() },
        undefined,
        {
          "sec-fetch-site": "cross-site",
        },
      ),
    );
    expect(cross.status).toBe(403);
    // Each outcome's page says it.
    const done = await readPage(await pages(pageRequest(`/approve-payment?status=approved&id=${id}`)));
    expect(done.document.querySelector('main [role="status"]')?.textContent).toBe(APPROVAL_OUTCOMES.approved);
  });

  it("records the amount received, and refuses one that is not whole rupees from 1 to 10,00,000, changing nothing", async () => {
    await enrol(application({ email: "amount.check@example.org" }));
    await confirmAddress("amount.check@example.org");
    const account = await findAccount("amount.check@example.org");
    const token = linkToken(
      await approvalUrl(ORIGIN, SECRET, {
        account: account?.key ?? "",
        application: account?.applicationId ?? "",
      }),
    );
    // The page shows what is due and its reference.
    const due = (await show(token)).due;
    expect(due).toEqual({ reference: expect.stringMatching(/^ISGPB-EN-/), amount: "TBA" });
    sent.length = 0;
    for (const amount of ["", "12.5", "0", "-5", "1500 rupees", "10,00,001", "99999999"]) {
      const refused = await approve(token, {}, amount);
      expect(refused.status, amount).toBe(400);
      expect(Object.keys(refused.refusal.errors), amount).toEqual(["amount"]);
      expect(refused.refusal.values?.amount, amount).toBe(amount);
    }
    // Without JavaScript: back to the link's page, the amount as typed and its error beside it.
    const link = `/approve-payment?token=${encodeURIComponent(token)}`;
    const { post: plain, page } = await postAndFollow(pages, link, {
      amount: "12,00,000",
      date: todayInIndia(),
    });
    expect(plain.status).toBe(303);
    expect(plain.headers.get("location")).toBe(`${link}#payment-approval-error-summary`);
    const { document } = await readPage(page);
    const amount = document.querySelector<HTMLInputElement>('main input[name="amount"]');
    expect(amount?.value).toBe("12,00,000");
    expect(amount?.getAttribute("aria-invalid")).toBe("true");
    expect(amount?.getAttribute("aria-describedby")).toBe("amount-hint amount-error");
    expect(document.getElementById("amount-error")?.textContent).toMatch(/That is more than ₹10,00,000/);
    expect(sent).toHaveLength(0);
    expect((await findAccount("amount.check@example.org"))?.payments).toBeUndefined();

    const accepted = await approve(token, {}, " 10,00,000 ");
    expect(outcomeOf(accepted)).toBe("approved");
    expect(
      (await findAccount("amount.check@example.org"))?.payments?.map((payment) => payment.amount),
    ).toEqual([1_000_000]);
  });

  it("sends the secretariat, and only the secretariat, a fresh link for an expired one, once a day", async () => {
    await enrol(application({ email: "late.payer@example.org" }));
    await confirmAddress("late.payer@example.org");
    const account = await findAccount("late.payer@example.org");
    const approval = {
      account: accountKey("late.payer@example.org"),
      application: account?.applicationId ?? "",
    };
    const expired = linkToken(
      await approvalUrl(ORIGIN, SECRET, approval, new Date(Date.now() - 15 * 24 * 3600 * 1000)),
    );
    const renew = (token: string) => script(linkPage(token), { token, action: "renew" });
    sent.length = 0;

    const response = await renew(expired);
    expect(outcomeOf(response)).toBe("renewed");
    expect((await readPage(await pages(pageRequest(response.redirect ?? "")))).text).toContain(
      APPROVAL_OUTCOMES.renewed,
    );
    expect(sent.map((mail) => mail.body.to)).toEqual([["secretary@example.org"]]);
    const fresh = linkToken(/https:\/\/\S+/.exec(String(sent[0]?.body.text))?.[0] ?? "");
    expect(outcomeOf(await renew(expired))).toBe("renewed");
    expect(sent).toHaveLength(1);

    expect(outcomeOf(await approve(fresh))).toBe("approved");
    expect((await findAccount("late.payer@example.org"))?.status).toBe("active");
    const forged = linkToken(await approvalUrl(ORIGIN, "guessed-secret", approval));
    expect(outcomeOf(await renew(forged))).toBe("invalid");
  });
});

describe("confirming the e-mail address", () => {
  const author = (email: string, extra: Record<string, unknown> = {}) =>
    application({ email, membership: "none", author: true, ...extra });
  const subjects = () => sent.map((mail) => [(mail.body.to as string[])[0], String(mail.body.subject)]);

  it("an author or reviewer account is active once the address is confirmed, with nothing to pay", async () => {
    const response = await enrol(author("author.only@example.org", { author: false, reviewer: true }));
    expect(receiptOf(response)).toMatchObject({ type: "none", paymentReference: null });
    expect((await confirmAddress("author.only@example.org")).redirect).toBe(VERIFIED("confirmed"));
    expect(await findAccount("author.only@example.org")).toMatchObject({ status: "active" });
    const acknowledgement = sent.find((mail) => /^Your application/.test(String(mail.body.subject)));
    expect(String(acknowledgement?.body.text)).toMatch(/No fee is due .* your account is active/);
    const secretariat = sent.find((mail) => (mail.body.to as string[])[0] === "secretary@example.org");
    expect(String(secretariat?.body.text)).not.toContain("/approve-payment");
    const signedIn = await login("author.only@example.org", PASSWORD, "192.0.2.60");
    expect(signedIn.redirect).toBe(HOME);
    // The account says it pays nothing, so its pages offer nothing about a membership's payments.
    await expect((await session(cookieOf(signedIn))).json()).resolves.toMatchObject({
      member: { status: "active", needsPayment: false },
    });
  });

  it("refuses an application that is neither a membership nor an author or reviewer", async () => {
    const none = await enrol(author("nobody.role@example.org", { author: false }));
    expect(none.status).toBe(400);
    expect(Object.keys(none.refusal.errors)).toEqual(["membership"]);
    const unchosen = await enrol(application({ email: "nobody.role@example.org", membership: "" }));
    expect(unchosen.refusal.errors.membership).toMatch(/Choose a membership type/);
    expect(await findAccount("nobody.role@example.org")).toBeNull();
  });

  /** The enrolment form as a browser without JavaScript posts it to the sign-up page. */
  const signUp = (fields: Record<string, unknown>) => {
    const form = new URLSearchParams({ ...application(fields), indianLanguages: "English" } as never);
    form.set("author", "on");
    form.set("agreement", "on");
    form.delete("reviewer");
    return pages(formPostRequest("/sign-up", form));
  };
  const OTHER_PASSWORD = "Intruder-own-pass-51";

  it("a second enrolment with an address waiting for confirmation changes nothing of it and sends its own link again (issue 54)", async () => {
    const email = "owner@example.org";
    expect((await signUp({ email, name: "Dr. Real Owner" })).status).toBe(303);
    const first = await findAccount(email);
    const ownLink = linkOf(confirmationMail(email));
    sent.length = 0;

    // A stranger who knows the address enrols it as someone else, with another password.
    const second = await signUp({
      email,
      name: "Mr. Intruder",
      membership: "1",
      password: OTHER_PASSWORD,
      confirmPassword: OTHER_PASSWORD,
    });
    expect(second.status).toBe(303);
    // The page answers as for any enrolment; the address alone hears, with the waiting application's own link.
    expect(second.headers.get("location")).toMatch(/^\/sign-up\?status=sent&id=EN-/);
    expect(subjects()).toEqual([
      [email, `Your application ${first?.applicationId} is waiting for confirmation`],
    ]);
    const waiting = String(sent[0]?.body.text);
    expect(waiting).toContain("Dr. Real Owner");
    expect(waiting).not.toContain("Intruder");
    expect(tokenOf(linkOf(sent[0]))).toBe(tokenOf(ownLink));
    // The account is the first applicant's as it was: name, application, password and link.
    expect(await findAccount(email)).toEqual(first);

    // Sent again the same day, the form mails nothing more.
    sent.length = 0;
    await signUp({ email, name: "Mr. Intruder", password: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD });
    expect(sent).toEqual([]);

    // The owner's first link confirms the owner's own application; the stranger's password opens nothing.
    expect((await verify({ token: tokenOf(ownLink) })).redirect).toBe(VERIFIED("confirmed"));
    expect((await findAccount(email))?.name).toBe("Dr. Real Owner");
    expect((await login(email, OTHER_PASSWORD, "192.0.2.61")).status).toBe(401);
    expect((await login(email, PASSWORD, "192.0.2.61")).redirect).toBe(HOME);
  });

  it("two enrolments with one address at once make one account, whose own link alone is mailed as a confirmation (issue 54)", async () => {
    const email = "at.once@example.org";
    const presses = await Promise.all([
      signUp({ email, name: "Dr. First Press" }),
      signUp({ email, name: "Dr. Second Press", password: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD }),
    ]);
    expect(presses.map((press) => press.status)).toEqual([303, 303]);
    const account = await findAccount(email);
    if (!account) throw new Error("no account");
    // One confirmation, the account's; the other press is sent the same link as a waiting one.
    const confirmations = subjects().filter(([, subject]) =>
      String(subject).startsWith("Confirm your e-mail"),
    );
    expect(confirmations).toEqual([
      [email, `Confirm your e-mail address (application ${account.applicationId})`],
    ]);
    const waiting = sent.filter((mail) => String(mail.body.subject).includes("is waiting for confirmation"));
    expect(waiting.map((mail) => tokenOf(linkOf(mail)))).toEqual([tokenOf(linkOf(confirmationMail(email)))]);
    // The application that lost keeps no mail waiting in the outbox: it has none.
    const waitingMails = (await outboxMails()).filter(
      (mail) => mail.key.startsWith("enrolment/") && !mail.sent,
    );
    expect(waitingMails).toEqual([]);
  });

  it("an address whose first application was never confirmed and whose link has expired may enrol again; the first stays on record (issue 54)", async () => {
    const email = "expired.first@example.org";
    expect((await signUp({ email, name: "Dr. Slow Starter" })).status).toBe(303);
    const first = await findAccount(email);
    if (!first) throw new Error("no account");
    const expiredLink = linkOf(confirmationMail(email));
    sent.length = 0;

    // Two days and an hour later, the same person fills in the form again (a form opened then).
    const later = new Date(Date.now() + 49 * 60 * 60 * 1000);
    const formToken = await issueFormToken(SECRET, new Date(later.getTime() - 60_000));
    vi.useFakeTimers({ now: later, toFake: ["Date"] });
    try {
      const again = await signUp({ email, name: "Dr. Slow Starter", membership: "1", form_token: formToken });
      expect(again.status).toBe(303);
      const now = await findAccount(email);
      expect(now?.applicationId).not.toBe(first.applicationId);
      expect(subjects()).toEqual([
        [email, `Confirm your e-mail address (application ${now?.applicationId})`],
      ]);
      // The first application is kept as its own account, still unconfirmed, with no password.
      const kept = await getAccount(first.key);
      expect(kept).toMatchObject({ applicationId: first.applicationId, membership: "2", passwordHash: "" });
      expect(kept?.verification).toBeDefined();
      expect((await verify({ token: tokenOf(expiredLink) })).redirect).toBe(VERIFIED("expired"));
      expect((await confirmAddress(email)).redirect).toBe(VERIFIED("confirmed"));
      expect((await findAccount(email))?.membership).toBe("1");
    } finally {
      vi.useRealTimers();
    }
  });

  it("enrolling again the same day after closing the account is a new application, with its own confirmation", async () => {
    const email = "came.back@example.org";
    const same = { email, password: PASSWORD, confirmPassword: PASSWORD };
    const first = receiptOf(await enrol(application(same))).applicationId;
    expect((await confirmAddress(email)).redirect).toBe(VERIFIED("confirmed"));
    const account = await findAccount(email);
    if (!account) throw new Error("no account");
    await closeAccount(account, ORIGIN);
    sent.length = 0;

    // Word for word the same form, the same day: a new record, a new id, a new link.
    const again = receiptOf(await enrol(application(same)));
    expect(again.applicationId).not.toBe(first);
    expect(subjects()).toEqual([[email, `Confirm your e-mail address (application ${again.applicationId})`]]);
    const renewed = await findAccount(email);
    expect(renewed?.applicationId).toBe(again.applicationId);
    expect(renewed?.submissionId).not.toBe(account.submissionId);
    expect((await confirmAddress(email)).redirect).toBe(VERIFIED("confirmed"));
    expect((await login(email, PASSWORD, "192.0.2.62")).redirect).toBe(HOME);
  });

  it("enrolling with an address an account moved away from sends that address a confirmation", async () => {
    const email = "moved.from@example.org";
    const same = { email, password: PASSWORD, confirmPassword: PASSWORD };
    const first = receiptOf(await enrol(application(same))).applicationId;
    await confirmAddress(email);
    const account = await findAccount(email);
    if (!account) throw new Error("no account");
    const token = await createAccountLink(account, "email-change", { email: "moved.to@example.org" });
    expect((await confirmEmailChange(token, null)).ok).toBe(true);
    sent.length = 0;

    const again = receiptOf(await enrol(application(same)));
    expect(again.applicationId).not.toBe(first);
    expect(subjects()).toEqual([[email, expect.stringMatching(/^Confirm your e-mail address/)]]);
    expect((await confirmAddress(email)).redirect).toBe(VERIFIED("confirmed"));
    expect((await findAccount("moved.to@example.org"))?.applicationId).toBe(first);
  });

  it("refuses an expired, forged or other-purpose token, and a page without JavaScript comes back with the outcome", async () => {
    const email = "slow.reader@example.org";
    await enrol(application({ email }));
    const token = tokenOf(linkOf(confirmationMail(email)));
    const [payload, signature] = token.split(".");
    const data = JSON.parse(Buffer.from(payload ?? "", "base64url").toString()).data;
    const sign = (purpose: string, expires: number, secret = SECRET) =>
      signToken(secret, purpose, data, new Date(expires));
    const expired = await verify({ token: await sign("email-verification", Date.now() - 1000) });
    expect(expired.redirect).toBe(VERIFIED("expired"));
    for (const forged of [
      await sign("payment-approval", Date.now() + 1e6),
      await sign("email-verification", Date.now() + 1e6, "guessed-secret"),
      `${payload}x.${signature}`,
      await issueFormToken(SECRET),
    ]) {
      const answer = await verify({ token: forged });
      expect(answer.redirect).toBe(VERIFIED("invalid"));
    }
    expect((await findAccount(email))?.verification).toBeDefined();

    // The page's form without JavaScript posts to its own URL, the token in it.
    const link = `/verify-email?token=${encodeURIComponent(token)}`;
    const plain = await pages(formPostRequest(link, {}));
    expect(plain.status).toBe(303);
    expect(plain.headers.get("location")).toBe("/verify-email?status=confirmed");
    const reused = await pages(formPostRequest(link, {}));
    expect(reused.status).toBe(303);
    expect(reused.headers.get("location")).toBe("/verify-email?status=used");
    const said = await readPage(await pages(pageRequest("/verify-email?status=used")));
    expect(said.text).toContain(VERIFY_OUTCOMES.used);
    // Opened with the link's token cut off: said at once, with no button that could only fail.
    const cut = await readPage(await pages(pageRequest("/verify-email")));
    expect(cut.text).toContain(VERIFY_OUTCOMES.invalid);
    expect(
      cut.document.querySelector('main button[name="intent"][value="resend"], main form'),
    ).not.toBeNull();
    expect(cut.text).not.toContain("Confirm my e-mail address");
    const opened = await readPage(await pages(pageRequest(link)));
    expect(opened.text).toContain("Confirm my e-mail address");
  });

  it("sends a fresh link only to an address waiting for one, and answers every address the same", async () => {
    const email = "lost.mail@example.org";
    await enrol(application({ email }));
    await verify({ intent: "resend", email }); // within a minute of the first: nothing more
    expect(subjects()).toHaveLength(1);

    const later = new Date(Date.now() + 2 * 60 * 1000);
    vi.useFakeTimers({ now: later, toFake: ["Date"] });
    try {
      const answers = [];
      for (const address of [email, "ananya@example.org", "no.account@example.org"]) {
        const answer = await verify({ intent: "resend", email: address });
        answers.push([answer.status, answer.redirect]);
      }
      expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
      expect(answers[0]?.[1]).toBe(VERIFIED("sent"));
    } finally {
      vi.useRealTimers();
    }
    expect(subjects().map(([to]) => to)).toEqual([email, email]);
    // The fresh link confirms; the first one no longer does.
    expect((await confirmAddress(email)).redirect).toBe(VERIFIED("confirmed"));
    // 'Send me a fresh link' without JavaScript, the page's second form (its intent says which).
    const form = await pages(formPostRequest("/verify-email", { intent: "resend", email }));
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toBe("/verify-email?status=sent");
  });

  it("a form sign-in with an unconfirmed address is sent back to say so", async () => {
    await enrol(application({ email: "unconfirmed.form@example.org" }));
    const response = await pages(
      formPostRequest("/login", { email: "unconfirmed.form@example.org", password: PASSWORD }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/login?status=unverified");
    expect(response.headers.get("set-cookie")).toBeNull();
    // That page offers a fresh link.
    const page = await readPage(await pages(pageRequest("/login?status=unverified")));
    expect(page.text).toContain(LOGIN_UNVERIFIED);
    expect(page.document.querySelector('main input[name="intent"][value="resend"]')).not.toBeNull();
  });
});

describe("the session the header's script reads", () => {
  it("parses with the shared schema the script parses it with, signed in and signed out", async () => {
    const email = "parsed.answers@example.org";
    await enrol(application({ email }));
    expect((await confirmAddress(email)).redirect).toBe(VERIFIED("confirmed"));
    const cookie = cookieOf(await login(email, PASSWORD, "192.0.2.90"));
    const current = sessionAnswerSchema.parse(await (await session(cookie)).json());
    expect(current.signedIn && current.member).toMatchObject({ email, status: "pending-payment" });

    const signedOut = await pages(formPostRequest("/logout", {}, cookie));
    expect(signedOut.status).toBe(303);
    expect(sessionAnswerSchema.parse(await (await session(cookie)).json())).toEqual({ signedIn: false });
  });
});

describe("after every enrolment, sign-in and approval above", () => {
  it("no password was kept, mailed or logged in clear", async () => {
    expect(everSent.length).toBeGreaterThan(5);
    const all = await everythingStored();
    expect(all).toContain(`scrypt$${SCRYPT.logN}$8$1$`);
    for (const password of [PASSWORD, "another-Pass-77", "not-her-password"]) {
      expect(all).not.toContain(password);
      expect(JSON.stringify([...everSent, ...sent])).not.toContain(password);
      expect(logged.join("\n")).not.toContain(password);
    }
  });
});
