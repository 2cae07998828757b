import { beforeAll, describe, expect, it } from "vitest";
import { claimPageUrl } from "../../src/server/account/account-claim.server.ts";
import { checkAccountLink } from "../../src/server/account/account-links.server.ts";
import { getAccount } from "../../src/server/account/accounts.server.ts";
import { database } from "../../src/server/db/database.server.ts";
import { claimInvitation } from "../../src/server/mail/templates/claim-invitation.server.tsx";
import { renderTemplate } from "../../src/server/mail/templates/template.server.tsx";
import { membershipOf } from "../../src/server/membership/membership.server.ts";
import { REMINDER_AFTER_DAYS } from "../../src/server/secretariat/invitations.server.ts";
import { CLAIM_LINK_DAYS, registerClassName } from "../../src/shared/account-claim.ts";
import {
  addMonths,
  dayInIndia,
  financialYearLabel,
  financialYearOf,
} from "../../src/shared/membership/calendar.ts";
import { FLASHES } from "../../src/shared/secretariat-flash.ts";
import { outboxMails } from "../support/database.ts";
import { storeRecords } from "../support/membership-records.ts";
import { pageServer, readData, readPage } from "../support/page-server.ts";
import { type RegisterMemberSpec, registerMember, registerRow } from "../support/register.ts";
import { type Fields, formPostRequest, pageRequest, scriptPostRequest } from "../support/requests.ts";
import { workspaceFunctionTests } from "../support/secretariat.ts";

/**
 * Inviting the register's members to claim their website accounts (issue 57 item 3) and sending a
 * claim link to a new address (item 2), through the workspace's own pages.
 */
const { office, pages } = workspaceFunctionTests({ testTimeout: 60_000 });

const DAY = 24 * 60 * 60 * 1000;
let claimPages: Awaited<ReturnType<typeof pageServer>>;
beforeAll(async () => {
  claimPages = await pageServer((path) => path === "claim-account/password");
});

const press = async (action: "invite" | "remind", fields: Fields = {}) => {
  const response = await pages(formPostRequest(`/secretariat/invitations?do=${action}`, fields, office()));
  expect(response.status).toBe(303);
  return response.headers.get("location");
};

/** Empties the register and the outbox, so each test counts its own members and mails. */
async function freshRegister() {
  const db = database();
  await db.deleteFrom("outbox").execute();
  await db.deleteFrom("register_members").execute();
}

let serial = 0;
const member = (spec: Partial<RegisterMemberSpec> = {}) => {
  serial++;
  return registerMember({
    memberNo: `M-${serial}`,
    email: `member.${serial}@example.org`,
    name: `Dr. Member ${serial}`,
    ...spec,
  });
};

/**
 * An ordinary member in arrears by the society's calendar today, whatever today is: the register
 * says paid to last financial year, and the Treasurer's reminder for this one went out more than
 * the three months before removal ago (the day itself matters to the rules, not which it is).
 */
function lastYearPaid() {
  const today = dayInIndia(new Date());
  const year = financialYearOf(today, 4);
  return {
    lastPaidYear: financialYearLabel(year - 1, 4),
    owed: financialYearLabel(year, 4),
    remindedOn: addMonths(today, -4),
  };
}

const mailsOf = async (prefix: string) =>
  (await outboxMails())
    .filter((mail) => mail.key.startsWith(prefix))
    .map((mail) => ({ ...mail, no: mail.key.split("/")[1] }));

describe("the invitations page", () => {
  it("counts the register's members, claimed, invited and reminded", async () => {
    await freshRegister();
    await member({ claimedAt: new Date(), invitedAt: new Date(Date.now() - 20 * DAY) });
    await member({ invitedAt: new Date(Date.now() - 20 * DAY), inviteRemindedAt: new Date() });
    await member({ invitedAt: new Date(Date.now() - 20 * DAY) });
    await member();
    const { document } = await readPage(await pages(pageRequest("/secretariat/invitations", office())));
    const rows = Object.fromEntries(
      [...document.querySelectorAll("main dt")].map((dt) => [
        dt.textContent,
        dt.nextElementSibling?.textContent,
      ]),
    );
    expect(rows).toEqual({
      "Members on the register": "4",
      "Claimed their account": "1",
      Invited: "3",
      Reminded: "1",
    });
    expect(document.querySelector("main")?.textContent).toContain(`at least ${REMINDER_AFTER_DAYS} days ago`);
  });

  it("invites every unclaimed member not yet invited, once each, with a link of their own that claims", async () => {
    await freshRegister();
    const a = await member({ class: "life" });
    const b = await member();
    const claimed = await member({ claimedAt: new Date() });
    const invited = await member({ invitedAt: new Date() });
    expect(await press("invite")).toBe("/secretariat/invitations?done=invitations-queued");
    const mails = await mailsOf("claim-invitation/");
    expect(mails.map((mail) => mail.no).sort()).toEqual([a.memberNo, b.memberNo].sort());
    expect(mails.find((mail) => mail.no === a.memberNo)?.to).toEqual([a.account.email]);
    expect(mails.find((mail) => mail.no === a.memberNo)?.text).toContain("Life member");
    for (const one of [claimed, invited]) expect(mails.some((mail) => mail.no === one.memberNo)).toBe(false);
    expect((await registerRow(a.memberNo)).invited_at).toBeInstanceOf(Date);
    const audit = await database()
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "claim-invite")
      .execute();
    expect(audit.map((line) => line.summary)).toEqual([
      "Invited 2 register members to get their website account",
    ]);
    // The second press finds nobody left to invite.
    expect(await press("invite")).toBe("/secretariat/invitations?done=invitations-none");
    expect(await mailsOf("claim-invitation/")).toHaveLength(2);
    // The invitation's link claims the account.
    const token = decodeURIComponent(
      /claim-account\/password\?token=(\S+)/.exec(mails[0]?.text ?? "")?.[1] ?? "",
    );
    const password = "Rabi-harvest-7713";
    const set = await readData(
      await claimPages(
        scriptPostRequest("/claim-account/password", { token, password, confirmPassword: password }),
      ),
    );
    expect(set.redirect).toBe("/account?status=claimed");
  });

  it("renders the invitation once and puts in each member's own name, escaped, and own link", async () => {
    await freshRegister();
    const quoted = await member({ name: `Dr. <Ravi> & "Rani" O'Neil`, class: "life" });
    const others = [await member(), await member({ class: "honorary" })];
    expect(await press("invite")).toBe("/secretariat/invitations?done=invitations-queued");
    const mails = await mailsOf("claim-invitation/");
    expect(mails).toHaveLength(3);
    const mail = mails.find((one) => one.no === quoted.memberNo) ?? expect.fail("no invitation");
    expect(mail.html).toContain("Dear Dr. &lt;Ravi&gt; &amp; &quot;Rani&quot; O&#x27;Neil,");
    expect(mail.html).not.toContain("<Ravi>");
    expect(mail.text).toContain(`Dear Dr. <Ravi> & "Rani" O'Neil,`);
    const linkOf = (text: string) =>
      /(https?:\/\/\S+\/claim-account\/password\?token=\S+)/.exec(text)?.[1] ?? expect.fail("no link");
    // Each mail is exactly what rendering it on its own would have made, its link its own member's.
    const owners = [quoted, ...others];
    const links = new Set<string>();
    for (const one of mails) {
      const owner = owners.find((candidate) => candidate.memberNo === one.no) ?? expect.fail("a stranger");
      const link = linkOf(one.text);
      links.add(link);
      expect(one.html).toContain(`href="${link.replaceAll("&", "&amp;")}"`);
      const alone = await renderTemplate(claimInvitation, {
        name: owner.account.name,
        memberNo: owner.memberNo,
        className: registerClassName((await registerRow(owner.memberNo)).class),
        link,
        days: CLAIM_LINK_DAYS,
        claimPage: claimPageUrl(new URL(link).origin),
      });
      expect({ subject: one.subject, html: one.html, text: one.text }).toEqual(alone);
      const token = new URL(link).searchParams.get("token");
      const check = await checkAccountLink(token, "claim");
      expect(check.ok && check.account.key).toBe(owner.account.key);
    }
    expect(links.size).toBe(3);
  });

  it("invites a zone, a class, or those in arrears by the society's calendar", async () => {
    await freshRegister();
    const north = await member({ zone: "NZ", class: "ordinary" });
    const southLife = await member({ zone: "SZ", class: "life" });
    const southOrdinary = await member({ zone: "SZ", class: "ordinary" });
    expect(await press("invite", { zone: "NZ" })).toBe("/secretariat/invitations?done=invitations-queued");
    expect((await mailsOf("claim-invitation/")).map((mail) => mail.no)).toEqual([north.memberNo]);
    expect(await press("invite", { class: "life" })).toBe("/secretariat/invitations?done=invitations-queued");
    expect((await mailsOf("claim-invitation/")).map((mail) => mail.no)).toEqual([
      north.memberNo,
      southLife.memberNo,
    ]);
    expect((await registerRow(southOrdinary.memberNo)).invited_at).toBeNull();

    // In arrears, as membershipOf answers, beside a member whose year is paid.
    await freshRegister();
    const { lastPaidYear, owed, remindedOn } = lastYearPaid();
    const behind = await member({ class: "ordinary", lastPaidYear });
    await storeRecords(behind.account.key, { remindedOn: { [owed]: remindedOn } });
    const paid = await member({ class: "ordinary", lastPaidYear: owed });
    const states = await Promise.all(
      [behind, paid].map(async (one) => membershipOf((await getAccount(one.account.key)) as never).status),
    );
    expect(states[0]).toBe("in-arrears");
    expect(states[1]).not.toBe("in-arrears");
    expect(await press("invite", { inArrears: "on" })).toBe(
      "/secretariat/invitations?done=invitations-queued",
    );
    expect((await mailsOf("claim-invitation/")).map((mail) => mail.no)).toEqual([behind.memberNo]);
  });

  it("pressed twice at the same moment, mails each member once", async () => {
    await freshRegister();
    const members = [];
    for (let n = 0; n < 6; n++) members.push(await member());
    const answers = await Promise.all(
      [0, 1].map(async () =>
        readData(await pages(scriptPostRequest("/secretariat/invitations?do=invite", {}, office()))),
      ),
    );
    expect(answers.map((answer) => answer.redirect).sort()).toEqual([
      "/secretariat/invitations?done=invitations-none",
      "/secretariat/invitations?done=invitations-queued",
    ]);
    const mails = await mailsOf("claim-invitation/");
    expect(mails.map((mail) => mail.no).sort()).toEqual(members.map((one) => one.memberNo).sort());
    const audit = await database()
      .selectFrom("audit_log")
      .select("summary")
      .where("action", "=", "claim-invite")
      .execute();
    expect(audit.filter((line) => line.summary.startsWith("Invited 6 "))).toHaveLength(1);
  });

  it(`reminds once those invited at least ${REMINDER_AFTER_DAYS} days ago who have not claimed; the reminder's link voids the invitation's`, async () => {
    await freshRegister();
    const due = await member({ invitedAt: new Date(Date.now() - (REMINDER_AFTER_DAYS + 1) * DAY) });
    const recent = await member({ invitedAt: new Date(Date.now() - 2 * DAY) });
    const claimed = await member({ invitedAt: new Date(Date.now() - 30 * DAY), claimedAt: new Date() });
    const notInvited = await member();
    const before = (await registerRow(due.memberNo)).claim_serial;
    expect(await press("remind")).toBe("/secretariat/invitations?done=reminders-queued");
    const mails = await mailsOf("claim-reminder/");
    expect(mails.map((mail) => mail.no)).toEqual([due.memberNo]);
    expect(mails[0]?.subject).toBe("Reminder: your account on the society's website");
    expect((await registerRow(due.memberNo)).claim_serial).toBe(before + 1);
    for (const one of [recent, claimed, notInvited])
      expect((await registerRow(one.memberNo)).invite_reminded_at).toBeNull();
    expect(await press("remind")).toBe("/secretariat/invitations?done=reminders-none");
    expect(await mailsOf("claim-reminder/")).toHaveLength(1);
    const { text } = await readPage(
      await pages(pageRequest("/secretariat/invitations?done=reminders-none", office())),
    );
    expect(text).toContain(FLASHES["reminders-none"].text);
  });
});

describe("the claim link to a new address", () => {
  const send = (key: string, fields: Fields) =>
    pages(formPostRequest(`/secretariat/applications/${key}?do=claim-link`, fields, office()));

  it("moves the account to the checked address, mails the link there alone, and writes the audit line", async () => {
    const { account, memberNo } = await member();
    const page = await readPage(
      await pages(pageRequest(`/secretariat/applications/${account.key}`, office())),
    );
    expect(page.text).toContain("Send the claim link to a new address");
    const response = await send(account.key, { email: "new.address@example.org", checked: "on" });
    expect(response.headers.get("location")).toBe(
      `/secretariat/applications/${account.key}?done=claim-link-sent`,
    );
    const moved = await getAccount(account.key);
    expect(moved?.email).toBe("new.address@example.org");
    const history = await database()
      .selectFrom("account_addresses")
      .select(["email", "until"])
      .where("account_id", "=", account.key)
      .orderBy("since")
      .execute();
    expect(history.map((row) => [row.email, row.until === null])).toEqual([
      [account.email, false],
      ["new.address@example.org", true],
    ]);
    const mails = (await outboxMails()).filter((mail) => mail.key.startsWith(`claim-link/${memberNo}/`));
    expect(mails.map((mail) => mail.to)).toEqual([["new.address@example.org"]]);
    const audit = await database()
      .selectFrom("audit_log")
      .selectAll()
      .where("account_id", "=", account.key)
      .execute();
    expect(audit.map((line) => [line.action, line.who])).toEqual([["claim-link", "office@example.org"]]);
    expect(audit[0]?.summary).toContain(`changed from ${account.email}`);
  });

  it("asks for the office's word that it checked the address, and changes nothing without it", async () => {
    const { account } = await member();
    const answer = await readData(
      await pages(
        scriptPostRequest(
          `/secretariat/applications/${account.key}?do=claim-link`,
          { email: "x@example.org" },
          office(),
        ),
      ),
    );
    expect((answer.data as { errors?: Record<string, string> }).errors?.checked).toBeDefined();
    expect((await getAccount(account.key))?.email).toBe(account.email);
  });

  it("refuses a member who has claimed already, and an address another account holds", async () => {
    const claimed = await member({ claimedAt: new Date() });
    const page = await readPage(
      await pages(pageRequest(`/secretariat/applications/${claimed.account.key}`, office())),
    );
    expect(page.text).not.toContain("Send the claim link to a new address");
    const refused = await send(claimed.account.key, { email: "other@example.org", checked: "on" });
    expect(refused.headers.get("location")).toContain("done=claim-link-claimed");
    const other = await member();
    const taken = await member();
    const answer = await send(other.account.key, { email: taken.account.email, checked: "on" });
    expect(answer.headers.get("location")).toContain("done=claim-link-taken");
    expect((await getAccount(other.account.key))?.email).toBe(other.account.email);
  });
});
