import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ADDRESS_LIMIT } from "../../src/server/account/recovery-throttle.server.ts";
import { currentAccount } from "../../src/server/account/sessions.server.ts";
import { database } from "../../src/server/db/database.server.ts";
import { CLAIM_LINK_REFUSALS, CLAIM_LINK_TEXT, CLAIM_SENT } from "../../src/shared/account-claim.ts";
import type { FormRefusal } from "../../src/shared/forms/form-result.ts";
import { dayInIndia, financialYearLabel, financialYearOf } from "../../src/shared/membership/calendar.ts";
import { startBlobsServer } from "../support/blobs.ts";
import { outboxMails, startDatabase } from "../support/database.ts";
import { pageServer, readData, readPage } from "../support/page-server.ts";
import { registerMember, registerRow } from "../support/register.ts";
import { cookieSet, formPostRequest, ORIGIN, pageRequest, scriptPostRequest } from "../support/requests.ts";

/**
 * Claiming a register member's website account (issue 57 item 2, decision 0054), through the
 * site's own pages: the claim page's one answer, the link to the register's address, the
 * password set once, a newer link voiding an older one, and forgot-password for an unclaimed member.
 */
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const PASSWORD = "Rabi-harvest-7713";
const OTHER = "Kharif-sowing-9051";
const SENT = "/claim-account?status=sent";
const DEAD = (reason: keyof typeof CLAIM_LINK_REFUSALS) => `/claim-account/password?status=${reason}`;

startDatabase();
// A refused plain form's flash is kept behind a cookie (src/server/forms/form-flash.server.ts).
startBlobsServer();

let pages: Awaited<ReturnType<typeof pageServer>>;
beforeAll(async () => {
  pages = await pageServer((path) =>
    ["claim-account", "claim-account/password", "login", "forgot-password", "sign-up", "account"].includes(
      path,
    ),
  );
  vi.stubEnv("SIGNING_SECRET", "account-claim-test-secret");
  vi.stubEnv("URL", ORIGIN);
});
afterAll(() => vi.unstubAllEnvs());

let ipSerial = 0;
const freshIp = () => `198.51.100.${++ipSerial}`;
let serial = 0;

/** An unclaimed member of the register, with an address and number of its own. */
async function member(fields: Partial<Parameters<typeof registerMember>[0]> = {}) {
  serial++;
  return registerMember({
    memberNo: `L-${String(serial).padStart(4, "0")}`,
    email: `aarav.acharya.${serial}@example.org`,
    name: `Dr. Aarav Acharya ${serial}`,
    class: "life",
    ...fields,
  });
}

async function script(path: string, fields: Record<string, string>, ip = freshIp()) {
  const answer = await readData(await pages(scriptPostRequest(path, fields), { ip }));
  return { ...answer, refusal: answer.data as FormRefusal };
}
const claim = (email: string, memberNo = "", ip = freshIp()) =>
  script("/claim-account", { email, memberNo }, ip);
const setPassword = (token: string, password = PASSWORD, ip = freshIp()) =>
  pages(scriptPostRequest("/claim-account/password", { token, password, confirmPassword: password }), { ip });
const signIn = (email: string, password: string) => script("/login", { email, password });

/** The claim links mailed so far to `email`, oldest first. */
async function claimTokens(email: string): Promise<string[]> {
  return (await outboxMails())
    .filter((mail) => mail.to.includes(email))
    .map((mail) => /\/claim-account\/password\?token=(\S+)/.exec(mail.text)?.[1])
    .filter((token): token is string => Boolean(token))
    .map(decodeURIComponent);
}
async function lastToken(email: string): Promise<string> {
  const token = (await claimTokens(email)).at(-1);
  if (!token) throw new Error(`no claim link was mailed to ${email}`);
  return token;
}

describe("the claim page", () => {
  it("is linked from /login and /sign-up with the words the issue gives", async () => {
    for (const path of ["/login", "/sign-up"]) {
      const { document } = await readPage(await pages(pageRequest(path)));
      const link = [...document.querySelectorAll("main a")].find((a) => a.textContent === CLAIM_LINK_TEXT);
      expect(link?.getAttribute("href"), path).toBe("/claim-account");
    }
  });

  it("mails a link to a register address, and answers an unknown address the same", async () => {
    const { account } = await member();
    const known = await claim(account.email);
    const unknown = await claim("nobody-on-the-register@example.org");
    expect(known.redirect).toBe(SENT);
    expect(unknown.redirect).toBe(SENT);
    const mails = await outboxMails();
    expect(mails.map((mail) => mail.to)).toEqual([[account.email]]);
    expect(mails[0]?.subject).toBe("Your website account with the society");
    expect(mails[0]?.key).toMatch(/^claim-link\/L-\d{4}\/1$/);
    const { text } = await readPage(await pages(pageRequest(SENT)));
    expect(text).toContain(CLAIM_SENT);
  });

  it("answers the plain form with the same redirect for any address", async () => {
    const { account } = await member();
    const before = (await outboxMails()).length;
    for (const address of [account.email, "nobody-either@example.org"]) {
      const response = await pages(formPostRequest("/claim-account", { email: address, memberNo: "" }));
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(SENT);
    }
    expect((await outboxMails()).slice(before).map((mail) => mail.to)).toEqual([[account.email]]);
  });

  it("takes the member number with the address: a wrong number mails nothing, and answers the same", async () => {
    const { account, memberNo } = await member();
    const before = (await outboxMails()).length;
    expect((await claim(account.email, "L-9999")).redirect).toBe(SENT);
    expect((await claim("nobody@example.org", memberNo)).redirect).toBe(SENT);
    expect((await outboxMails()).length).toBe(before);
    // The number in another case, the address in capitals: the register's own address is mailed.
    expect((await claim(account.email.toUpperCase(), memberNo.toLowerCase())).redirect).toBe(SENT);
    expect((await outboxMails()).slice(before).map((mail) => mail.to)).toEqual([[account.email]]);
  });

  it("refuses a malformed member number beside its field, mailing nothing", async () => {
    const { account } = await member();
    const refused = await claim(account.email, "L 12; DROP");
    expect(refused.status).toBe(400);
    expect(refused.refusal.errors?.memberNo).toMatch(/letters, digits/);
    expect(await claimTokens(account.email)).toEqual([]);
  });

  it("mails nothing for a member who has claimed already, or whose row was merged", async () => {
    const claimed = await member({ claimedAt: new Date() });
    const merged = await member();
    const survivor = await member();
    await database()
      .updateTable("register_members")
      .set({ merged_into: survivor.memberNo })
      .where("member_no", "=", merged.memberNo)
      .execute();
    expect((await claim(claimed.account.email)).redirect).toBe(SENT);
    expect((await claim(merged.account.email)).redirect).toBe(SENT);
    expect(await claimTokens(claimed.account.email)).toEqual([]);
    expect(await claimTokens(merged.account.email)).toEqual([]);
  });

  it(`allows ${ADDRESS_LIMIT} requests an hour per address, known or not, then 429 with Retry-After`, async () => {
    const { account } = await member();
    for (let n = 0; n < ADDRESS_LIMIT; n++) expect((await claim(account.email)).redirect).toBe(SENT);
    const refused = await claim(account.email);
    expect(refused.status).toBe(429);
    expect(refused.refusal.message).toMatch(/^Too many requests .* try again in \d+ minutes\.$/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(50 * 60);
    expect(await claimTokens(account.email)).toHaveLength(ADDRESS_LIMIT);
    for (let n = 0; n < ADDRESS_LIMIT; n++) await claim("ghost-member@example.org");
    expect((await claim("ghost-member@example.org")).status).toBe(429);
  });
});

describe("the claim link", () => {
  it("sets the password, proves the address, marks the register row and signs the member in", async () => {
    const { account, memberNo } = await member();
    await claim(account.email);
    const token = await lastToken(account.email);
    const page = await readPage(
      await pages(pageRequest(`/claim-account/password?token=${encodeURIComponent(token)}`)),
    );
    expect(page.text).toContain(`Member number ${memberNo}`);
    expect(page.document.querySelector('main input[name="password"]')).not.toBeNull();

    const response = await setPassword(token);
    const done = await readData(response.clone());
    expect(done.redirect).toBe("/account?status=claimed");
    const cookie = cookieSet(response);
    const signedIn = await currentAccount(new Request(`${ORIGIN}/account`, { headers: { cookie } }));
    expect(signedIn?.key).toBe(account.key);
    expect(signedIn?.emailVerifiedAt).toBeDefined();
    expect((await registerRow(memberNo)).claimed_at).toBeInstanceOf(Date);
    const audit = await database()
      .selectFrom("audit_log")
      .selectAll()
      .where("account_id", "=", account.key)
      .execute();
    expect(audit.map((line) => line.action)).toEqual(["claim"]);
    expect(audit[0]?.summary).toContain(memberNo);
    // A claimed account signs in like any other.
    expect((await signIn(account.email, PASSWORD)).redirect).toBe("/account");
    expect((await signIn(account.email, OTHER)).status).toBe(401);
  });

  it("keeps the reset page's rules: two passwords that agree, not a common one", async () => {
    const { account } = await member();
    await claim(account.email);
    const token = await lastToken(account.email);
    const differ = await readData(
      await pages(
        scriptPostRequest("/claim-account/password", { token, password: PASSWORD, confirmPassword: OTHER }),
      ),
    );
    expect((differ.data as FormRefusal).errors?.confirmPassword).toBe("The passwords do not match");
    const common = await readData(await setPassword(token, "password123"));
    expect((common.data as FormRefusal).errors?.password).toBeDefined();
    // Nothing was spent: the link still works.
    expect((await readData(await setPassword(token))).redirect).toBe("/account?status=claimed");
  });

  it("works once: used again, it changes nothing and its page says so", async () => {
    const { account } = await member();
    await claim(account.email);
    const token = await lastToken(account.email);
    expect((await readData(await setPassword(token))).redirect).toBe("/account?status=claimed");
    expect((await readData(await setPassword(token, OTHER))).redirect).toBe(DEAD("used"));
    expect((await signIn(account.email, OTHER)).status).toBe(401);
    const { text, document } = await readPage(
      await pages(pageRequest(`/claim-account/password?token=${encodeURIComponent(token)}`)),
    );
    expect(text).toContain(CLAIM_LINK_REFUSALS.used);
    expect(document.querySelector('main input[name="password"]')).toBeNull();
  });

  it("is voided by a second link: the first's page says it is no longer valid, the second works", async () => {
    const { account } = await member();
    await claim(account.email);
    await claim(account.email);
    const [first = "", second = ""] = await claimTokens(account.email);
    expect(first).not.toBe(second);
    const { text } = await readPage(
      await pages(pageRequest(`/claim-account/password?token=${encodeURIComponent(first)}`)),
    );
    expect(text).toContain(CLAIM_LINK_REFUSALS.replaced);
    expect((await readData(await setPassword(first))).redirect).toBe(DEAD("replaced"));
    expect((await registerRow((await registerRowOf(account.key)).member_no)).claimed_at).toBeNull();
    expect((await readData(await setPassword(second))).redirect).toBe("/account?status=claimed");
  });

  it("used twice at the same moment, sets one password; the other is told the link was used", async () => {
    const { account, memberNo } = await member();
    await claim(account.email);
    const token = await lastToken(account.email);
    const choices = [PASSWORD, OTHER];
    const answers = await Promise.all(
      choices.map(async (password) => readData(await setPassword(token, password))),
    );
    const redirects = answers.map((answer) => answer.redirect);
    expect([...redirects].sort()).toEqual(["/account?status=claimed", DEAD("used")]);
    const won = choices[redirects.indexOf("/account?status=claimed")] ?? "";
    const lost = choices.find((password) => password !== won) ?? "";
    expect((await signIn(account.email, lost)).status).toBe(401);
    expect((await signIn(account.email, won)).redirect).toBe("/account");
    const audit = await database()
      .selectFrom("audit_log")
      .select("action")
      .where("account_id", "=", account.key)
      .execute();
    expect(audit).toEqual([{ action: "claim" }]);
    expect((await registerRow(memberNo)).claimed_at).toBeInstanceOf(Date);
  });

  it("a forged or mangled token is refused as not valid", async () => {
    const { text } = await readPage(await pages(pageRequest("/claim-account/password?token=not-a-token")));
    expect(text).toContain(CLAIM_LINK_REFUSALS.invalid);
  });
});

describe("the account page of a claimed register member", () => {
  /** Claims the member's account through the pages, and answers the account page it lands on. */
  async function claimedAccountPage(fields: Partial<Parameters<typeof registerMember>[0]>) {
    const { account } = await member(fields);
    await claim(account.email);
    const response = await setPassword(await lastToken(account.email));
    return readPage(await pages(pageRequest("/account?status=claimed", cookieSet(response))));
  }

  it("shows a life member the register's number, the class and the standing, and asks no fee at all", async () => {
    const { text, document } = await claimedAccountPage({
      memberNo: "L-0573",
      class: "life",
      joinedYear: 1984,
    });
    expect(text).toContain("Your website account is ready, and you are signed in.");
    const rows = Object.fromEntries(
      [...document.querySelectorAll("main dt")].map((dt) => [
        dt.textContent,
        dt.nextElementSibling?.textContent,
      ]),
    );
    expect(rows).toMatchObject({ "Member number": "L-0573", Class: "Life member", "Member since": "1984" });
    expect(rows.Status).toBeTruthy();
    expect(text).not.toMatch(/given when your first payment is confirmed/i);
    expect(text).not.toMatch(/registration fee/i);
    expect(document.querySelector("#membership-next")).toBeNull();
    expect(text).not.toMatch(/What to pay/i);
  });

  it("never asks an ordinary member for the registration fee, paid up or owing the year", async () => {
    // The register's last year paid decides the standing: this year's (paid up), or last year's
    // (this year's subscription owed), whatever today is.
    const year = financialYearOf(dayInIndia(new Date()), 4);
    for (const paid of [year, year - 1]) {
      const { text, document } = await claimedAccountPage({
        class: "ordinary",
        lastPaidYear: financialYearLabel(paid, 4),
      });
      expect(document.querySelector("main dd")?.textContent).toBeTruthy();
      expect(text).not.toMatch(/lapsed/i);
      expect(text).not.toMatch(/registration fee/i);
    }
  });
});

describe("forgot password of an unclaimed register account", () => {
  it("mails the claim link, whose use claims the account", async () => {
    const { account, memberNo } = await member();
    const answer = await script("/forgot-password", { email: account.email });
    expect(answer.redirect).toBe("/forgot-password?status=sent");
    const token = await lastToken(account.email);
    expect((await readData(await setPassword(token))).redirect).toBe("/account?status=claimed");
    expect((await registerRow(memberNo)).claimed_at).toBeInstanceOf(Date);
  });

  it("mails a claimed member the ordinary reset link", async () => {
    const { account } = await member();
    await claim(account.email);
    await setPassword(await lastToken(account.email));
    await script("/forgot-password", { email: account.email });
    const last = (await outboxMails()).filter((mail) => mail.to.includes(account.email)).at(-1);
    expect(last?.subject).toBe("Reset your password");
  });
});

const registerRowOf = (accountKey: string) =>
  database()
    .selectFrom("register_members")
    .selectAll()
    .where("account_id", "=", accountKey)
    .executeTakeFirstOrThrow();
