import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { database } from "../../src/server/db/database.server.ts";
import { issueFormToken } from "../../src/server/spam/form-guard.server.ts";
import { ALREADY_A_MEMBER, CLAIM_LINK_TEXT } from "../../src/shared/account-claim.ts";
import type { FormRefusal } from "../../src/shared/forms/form-result.ts";
import { startBlobsServer } from "../support/blobs.ts";
import { outboxMails, startDatabase } from "../support/database.ts";
import { pageServer, readData, readPage } from "../support/page-server.ts";
import { registerMember } from "../support/register.ts";
import { postAndFollow, scriptPostRequest } from "../support/requests.ts";

/**
 * An existing member who tries to enrol is led to the claim, and no second record is made
 * (issue 57 item 4): by the register's address (the usual answer, and a mail with the claim link
 * instead of an application), or by name and date of birth (the form says so, with the link).
 */
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });
const SECRET = "enrolment-register-test-secret";
startDatabase();
startBlobsServer();

let pages: Awaited<ReturnType<typeof pageServer>>;
beforeAll(async () => {
  vi.stubEnv("SIGNING_SECRET", SECRET);
  pages = await pageServer((path) => path === "sign-up" || path === "claim-account/password");
});
afterAll(() => vi.unstubAllEnvs());

let ip = 0;
async function enrolmentForm(fields: { name: string; email: string; dob: string; membership?: string }) {
  return {
    membership: fields.membership ?? "2",
    name: fields.name,
    designation: "Principal Scientist",
    dob: fields.dob,
    gender: "Male",
    indianLanguages: "Marathi",
    address: "Division of Genetics",
    country: "India",
    state: "Maharashtra",
    city: "Pune",
    pincode: "411005",
    phone: "020 0000 0041",
    mobile: "90000 00041",
    email: fields.email,
    password: "Rabi-harvest-7781",
    confirmPassword: "Rabi-harvest-7781",
    areasOfInterest: "Rice",
    agreement: "on",
    form_token: await issueFormToken(SECRET, new Date(Date.now() - 60_000)),
  };
}
const enrol = async (fields: Parameters<typeof enrolmentForm>[0]) =>
  readData(
    await pages(scriptPostRequest("/sign-up", await enrolmentForm(fields)), { ip: `203.0.113.${++ip}` }),
  );

const accountCount = async () =>
  Number(
    (
      await database()
        .selectFrom("accounts")
        .select((s) => s.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("enrolment that matches the register", () => {
  it("by the register's address: the usual answer, no application, and the claim link by mail", async () => {
    const { account, memberNo } = await registerMember({
      memberNo: "L-0573",
      email: "aarav.acharya.00573@example.org",
      name: "Dr. Aarav Acharya",
      class: "life",
    });
    const stranger = await enrol({
      name: "Meera Kulkarni",
      email: "meera.kulkarni@example.org",
      dob: "1980-02-02",
    });
    expect(stranger.redirect).toMatch(/^\/sign-up\?status=sent/);
    const before = await accountCount();
    const answer = await enrol({ name: "Aarav Acharya", email: account.email, dob: "1961-07-14" });
    // The same shape of answer as any application: the page does not tell who is on the register.
    expect(answer.redirect).toMatch(/^\/sign-up\?status=sent&id=EN-[0-9A-F]{10}&type=2&reference=/);
    expect(await accountCount()).toBe(before);
    const submissions = await database()
      .selectFrom("submissions")
      .select("id")
      .where("kind", "=", "enrolment")
      .execute();
    expect(submissions).toHaveLength(1);
    const mails = (await outboxMails()).filter((mail) => mail.to.includes(account.email));
    expect(mails.map((mail) => mail.subject)).toEqual(["You are already a member of the society"]);
    expect(mails[0]?.text).toContain(memberNo);
    // Its link claims the account.
    const token = decodeURIComponent(
      /claim-account\/password\?token=(\S+)/.exec(mails[0]?.text ?? "")?.[1] ?? "",
    );
    const password = "Kharif-sowing-9051";
    const set = await readData(
      await pages(
        scriptPostRequest("/claim-account/password", { token, password, confirmPassword: password }),
      ),
    );
    expect(set.redirect).toBe("/account?status=claimed");
  });

  it("sent twice the same day by the address, mails once: no second link voids the first", async () => {
    const { account } = await registerMember({
      memberNo: "O-1187",
      email: "rohan.d@example.org",
      name: "Rohan Deshpande",
    });
    await enrol({ name: "Rohan Deshpande", email: account.email, dob: "1970-01-01" });
    await enrol({ name: "Rohan Deshpande", email: account.email, dob: "1970-01-01" });
    expect((await outboxMails()).filter((mail) => mail.to.includes(account.email))).toHaveLength(1);
  });

  it("by name and date of birth from another address: the form says so, with the claim link, and makes nothing", async () => {
    await registerMember({
      memberNo: "L-0911",
      email: "kavya.iyer@example.org",
      name: "Dr. Kavya S. Iyer",
      class: "life",
      dateOfBirth: "1966-11-30",
    });
    const before = await accountCount();
    const mailsBefore = (await outboxMails()).length;
    const answer = await enrol({ name: "kavya s iyer", email: "kavya.new@example.org", dob: "1966-11-30" });
    expect(answer.status).toBe(409);
    expect((answer.data as FormRefusal).message).toBe(ALREADY_A_MEMBER);
    expect(await accountCount()).toBe(before);
    expect((await outboxMails()).length).toBe(mailsBefore);
    // Without JavaScript: the page comes back with the sentence and the claim link at the form's top.
    const { page } = await postAndFollow(
      pages,
      "/sign-up",
      await enrolmentForm({ name: "Kavya S. Iyer", email: "kavya.new@example.org", dob: "1966-11-30" }),
    );
    const { document, text } = await readPage(page);
    expect(text).toContain(ALREADY_A_MEMBER);
    const link = [...document.querySelectorAll("main form a")].find((a) => a.textContent === CLAIM_LINK_TEXT);
    expect(link?.getAttribute("href")).toBe("/claim-account");
    // Another date of birth is another person.
    const other = await enrol({ name: "Kavya S. Iyer", email: "kavya.other@example.org", dob: "1990-01-01" });
    expect(other.redirect).toMatch(/^\/sign-up\?status=sent/);
  });
});
