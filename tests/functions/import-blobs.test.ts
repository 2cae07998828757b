import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { getStore } from "@netlify/blobs";
import { beforeAll, describe, expect, it } from "vitest";
import type { BlobsAccount, BlobsSubmission } from "../../scripts/db/blobs-records.ts";
import { importBlobs } from "../../scripts/db/import-run.ts";
import { TABLES } from "../../scripts/db/import-write.ts";
import { accountKey, findAccount, getAccount } from "../../src/server/account/accounts.server.ts";
import { database } from "../../src/server/db/database.server.ts";
import { readSubmission } from "../../src/server/submissions.server.ts";
import { startBlobsServer } from "../support/blobs.ts";
import { emptyTables, startDatabase } from "../support/database.ts";

startBlobsServer();
const { local } = startDatabase();

const NOW = new Date("2026-06-01T12:00:00.000Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const HOUR = 60 * 60 * 1000;
const store = (name: string) => getStore({ name, consistency: "strong" });
const sha = (text: string) => createHash("sha256").update(text).digest("hex");
const mail = (to: string, subject: string) => ({
  to: [to],
  subject,
  text: subject,
  html: `<p>${subject}</p>`,
});
const SECRETARY = "secretary@isgpb.example";

// The records, as the site kept them in Blobs at commit 8f3dfa6.
const asha: BlobsAccount = {
  key: accountKey("asha@example.org"),
  email: "asha@example.org",
  name: "Asha Rao",
  membership: "1",
  applicationId: "ISGPB-2024-0001",
  submissionId: "a".repeat(32),
  privacyNoticeVersion: "2024-03",
  submittedAt: "2024-05-01T08:00:00.000Z",
  status: "active",
  activatedAt: "2024-05-03T09:00:00.000Z",
  passwordHash: "scrypt$asha",
  emailVerifiedAt: "2024-05-01T08:10:00.000Z",
  payments: [
    {
      reference: "ISGPB-2024-0001",
      amount: 1500,
      paidOn: "2024-05-02",
      kind: "application",
      confirmedAt: "2024-05-03T09:00:00.000Z",
      bankReference: "UTR-1",
    },
    {
      reference: "R-2025-26-0001",
      amount: 1500,
      paidOn: "2025-04-20",
      kind: "renewal",
      confirmedAt: "2025-04-21T10:00:00.000Z",
    },
  ],
  notices: { "2025-26/renewal-reminder": "2025-04-01", "2026-27/renewal-reminder": "2026-04-01" },
  remindedOn: { "2025-26": "2025-04-01", "2026-27": "2026-04-01" },
};
const RAVI_MOVED = "2025-09-10T06:00:00.000Z";
const ravi: BlobsAccount = {
  key: accountKey("ravi@example.org"),
  email: "ravi@example.org",
  name: "Ravi Kumar",
  membership: "2",
  applicationId: "ISGPB-2023-0042",
  submissionId: "b".repeat(32),
  submittedAt: "2023-07-01T08:00:00.000Z",
  status: "active",
  activatedAt: "2023-07-05T08:00:00.000Z",
  passwordHash: "scrypt$ravi",
  directoryEmail: "ravi.old@example.org",
  sessionsEndedAt: RAVI_MOVED,
  formerKeys: [{ key: accountKey("ravi.old@example.org"), until: RAVI_MOVED }],
  payments: [
    {
      reference: "ISGPB-2023-0042",
      amount: 12000,
      paidOn: "2023-07-04",
      kind: "application",
      completesFee: true,
      confirmedAt: "2023-07-05T08:00:00.000Z",
    },
  ],
};
const meena: BlobsAccount = {
  key: "closed-isgpb-2023-0007",
  email: "meena@example.org",
  name: "Meena Iyer",
  membership: "1",
  applicationId: "ISGPB-2023-0007",
  submissionId: "c".repeat(32),
  submittedAt: "2023-01-10T08:00:00.000Z",
  status: "active",
  activatedAt: "2023-01-12T08:00:00.000Z",
  passwordHash: "",
  closedAt: "2026-02-01T08:00:00.000Z",
  sessionsEndedAt: "2026-02-01T08:00:00.000Z",
  formerKeys: [{ key: accountKey("meena@example.org"), until: "2026-02-01T08:00:00.000Z" }],
  payments: [
    {
      reference: "ISGPB-2023-0007",
      amount: 1500,
      paidOn: "2023-01-11",
      confirmedAt: "2023-01-12T08:00:00.000Z",
    },
  ],
};
const unconfirmed: BlobsAccount = {
  key: "unconfirmed-isgpb-2026-0003",
  email: "typo@example.org",
  name: "Typo Person",
  membership: "1",
  applicationId: "ISGPB-2026-0003",
  submissionId: "d".repeat(32),
  submittedAt: "2026-03-01T08:00:00.000Z",
  status: "pending-payment",
  passwordHash: "",
  verification: { nonce: "nonce-typo-0001", sentAt: "2026-03-01T08:00:00.000Z" },
  formerKeys: [{ key: accountKey("typo@example.org"), until: "2026-03-05T00:00:00.000Z" }],
};
const rejected: BlobsAccount = {
  key: accountKey("kiran@example.org"),
  email: "kiran@example.org",
  name: "Kiran Das",
  membership: "1",
  applicationId: "ISGPB-2026-0011",
  submissionId: "e".repeat(32),
  submittedAt: "2026-01-05T08:00:00.000Z",
  status: "pending-payment",
  passwordHash: "scrypt$kiran",
  pastRejections: [
    {
      at: "2026-01-10T08:00:00.000Z",
      reason: "No proof of study",
      by: SECRETARY,
      reopenedAt: "2026-01-12T08:00:00.000Z",
      reopenedBy: SECRETARY,
    },
  ],
  rejected: { at: "2026-02-01T08:00:00.000Z", reason: "Not a plant breeder", by: SECRETARY },
};
const secretary: BlobsAccount = {
  key: accountKey(SECRETARY),
  email: SECRETARY,
  name: "Secretariat",
  membership: "",
  applicationId: "",
  submissionId: "",
  submittedAt: "2024-01-01T00:00:00.000Z",
  status: "active",
  passwordHash: "scrypt$secretary",
  role: "secretariat",
};

const contact: BlobsSubmission = {
  id: "1".repeat(32),
  kind: "contact",
  receivedAt: "2026-05-30T10:00:00.000Z",
  data: { name: "Visitor", email: "visitor@example.org", message: "Hello" },
  mails: {
    notification: { mail: mail(SECRETARY, "New message"), status: "sent", attempts: 1, sentId: "re_sent_1" },
    acknowledgement: {
      mail: mail("visitor@example.org", "We have your message"),
      status: "pending",
      attempts: 2,
      lastError: "rate limited",
      notBefore: "2026-06-01T12:05:00.000Z",
    },
  },
};
const SENT_ISSUE = "8213456789012abcdef0123";
const DRAFT_ISSUE = "8213400000000fedcba9876";
const enrolment: BlobsSubmission = {
  id: "2".repeat(32),
  kind: "enrolment",
  receivedAt: asha.submittedAt,
  data: { applicationId: asha.applicationId, email: asha.email },
  mails: {},
};
const copy: BlobsSubmission = {
  id: `${SENT_ISSUE}/${sha("reader@example.org")}`,
  kind: "newsletter",
  receivedAt: "2026-05-20T10:00:00.000Z",
  data: { issue: SENT_ISSUE, email: "reader@example.org" },
  mails: {
    copy: {
      mail: mail("reader@example.org", "ISGPB news"),
      status: "sent",
      attempts: 1,
      sentId: "re_copy_1",
    },
  },
};
const HELD_DELETED = "3".repeat(32);

async function seed() {
  const members = store("members");
  for (const account of [asha, ravi, meena, unconfirmed, rejected, secretary])
    await members.setJSON(`account/${account.key}`, account);
  await members.set(`moved/${accountKey("ravi.old@example.org")}`, ravi.key);
  await members.setJSON(`session/${sha("live-token")}`, {
    accountKey: asha.key,
    createdAt: ago(HOUR).getTime(),
    lastSeenAt: ago(10 * 60 * 1000).getTime(),
  });
  await members.setJSON(`session/${sha("idle-token")}`, {
    accountKey: asha.key,
    createdAt: ago(5 * HOUR).getTime(),
    lastSeenAt: ago(3 * HOUR).getTime(),
  });
  await members.set(`throttle/ip/${sha("203.0.113.9")}/${ago(60_000).getTime()}-x`, "");
  await members.setJSON("account-link/used/fresh-nonce-000000001", {
    purpose: "password-reset",
    account: asha.key,
    at: ago(HOUR).toISOString(),
  });
  await members.setJSON("account-link/used/stale-nonce-000000001", {
    purpose: "password-reset",
    account: asha.key,
    at: ago(100 * HOUR).toISOString(),
  });
  await members.setJSON("directory-privacy/M-0001", {
    hidden: ["email", "mobile"],
    updatedAt: "2026-04-01T08:00:00.000Z",
  });
  await members.setJSON("own-details/M-0001", {
    memberId: "M-0001",
    account: asha.key,
    email: asha.email,
    name: asha.name,
    sheetEmail: asha.email,
    values: { city: { value: "Pune", was: "Delhi" } },
    updatedAt: "2026-04-02T08:00:00.000Z",
  });
  await store("account-changes").set(`changed/${asha.key}.0000001.abcd`, "");

  const submissions = store("submissions");
  for (const submission of [contact, enrolment, copy])
    await submissions.setJSON(`${submission.kind}/${submission.id}`, submission);
  await submissions.set(`pending/contact/${contact.id}`, "");
  await submissions.set(`by-application/${asha.applicationId}/enrolment/${enrolment.id}`, "");
  await submissions.setJSON(`quarantine/contact/${"4".repeat(32)}`, {
    id: "4".repeat(32),
    kind: "contact",
    receivedAt: "2026-05-31T10:00:00.000Z",
    reason: "sent too fast",
    data: { name: "Bot", email: "bot@example.org", message: "Buy" },
  });
  await submissions.set(`used-token/${sha("fresh-token")}`, ago(HOUR).toISOString());
  await submissions.set(`used-token/${sha("stale-token")}`, ago(30 * HOUR).toISOString());
  await store("outbox").setJSON("2026-05-30T10:00:00.000Z-contact_1", { ...mail(SECRETARY, "New message") });

  const secretariat = store("secretariat");
  const audit = [
    {
      at: "2024-05-03T09:00:00.000Z",
      record: `account/${asha.key}`,
      action: "payment",
      summary: "Payment received",
    },
    // Filed under the key Ravi's account had before it moved.
    {
      at: "2024-06-01T09:00:00.000Z",
      record: `account/${accountKey("ravi.old@example.org")}`,
      action: "resend",
      summary: "Link sent again",
    },
    {
      at: "2026-05-31T11:00:00.000Z",
      record: `quarantine/contact/${HELD_DELETED}`,
      action: "delete",
      summary: "Deleted a held message of 31 May 2026 (held because a link in the name)",
    },
  ];
  for (const [index, line] of audit.entries())
    await secretariat.setJSON(`audit/${String(10 ** 13 - Date.parse(line.at)).padStart(13, "0")}-${index}`, {
      who: SECRETARY,
      ...line,
    });
  await secretariat.setJSON(`payments/${asha.key}/${asha.applicationId}`, {
    amount: 1500,
    date: "2024-05-02",
    bankReference: "UTR-1",
    applicationId: asha.applicationId,
    account: asha.key,
    recordedBy: SECRETARY,
    recordedAt: "2024-05-03T09:00:00.000Z",
  });
  // Ravi's application was paid before accounts kept the bank's reference: only the entry has it.
  await secretariat.setJSON(`payments/${accountKey("ravi.old@example.org")}/${ravi.applicationId}`, {
    amount: 12000,
    date: "2023-07-04",
    bankReference: "UTR-42",
    applicationId: ravi.applicationId,
    account: accountKey("ravi.old@example.org"),
    recordedBy: SECRETARY,
    recordedAt: "2023-07-05T08:00:00.000Z",
  });
  await secretariat.setJSON(`held-actions/contact/${HELD_DELETED}`, {
    action: "delete",
    who: SECRETARY,
    at: "2026-05-31T11:00:00.000Z",
  });
  await secretariat.setJSON("index/applications", { version: "1", entries: {} });

  const subscribers = store("subscribers");
  await subscribers.setJSON(sha("reader@example.org"), {
    email: "reader@example.org",
    status: "subscribed",
    requestedAt: "2026-01-01T08:00:00.000Z",
    changedAt: "2026-01-01T09:00:00.000Z",
    segmentSynced: true,
  });
  await subscribers.setJSON(sha("maybe@example.org"), {
    email: "maybe@example.org",
    status: "pending",
    requestedAt: "2026-05-01T08:00:00.000Z",
    changedAt: "2026-05-01T08:00:00.000Z",
    segmentSynced: false,
  });
  const newsletter = store("newsletter");
  await newsletter.setJSON(`issues/${SENT_ISSUE}`, {
    id: SENT_ISSUE,
    subject: "ISGPB news",
    text: "News of the society",
    attachmentUrl: "",
    createdAt: "2026-05-19T08:00:00.000Z",
    createdBy: SECRETARY,
    status: "sent",
    via: "outbox",
    sendStartedAt: "2026-05-20T10:00:00.000Z",
    sentBy: SECRETARY,
    sentAt: "2026-05-20T10:01:00.000Z",
    queued: 1,
    siteUrl: "https://isgpb.example",
  });
  await newsletter.setJSON(`issues/${DRAFT_ISSUE}`, {
    id: DRAFT_ISSUE,
    subject: "Next issue",
    text: "Draft",
    createdAt: "2026-05-25T08:00:00.000Z",
    createdBy: SECRETARY,
    status: "draft",
  });
  await newsletter.setJSON(`send-claims/${SENT_ISSUE}`, { who: SECRETARY, at: "2026-05-20T10:00:00.000Z" });
  await store("form-flash").setJSON(`flash/${"f".repeat(32)}`, {
    path: "/contact",
    refusal: { ok: false, form: "contact", message: "Please check", errors: {} },
    at: ago(60_000).getTime(),
  });
}

/** Every row of every table the import writes, for comparing a database before and after. */
async function everyRow() {
  const rows: Record<string, unknown[]> = {};
  for (const table of TABLES)
    rows[table] = await database()
      .selectFrom(table as "accounts")
      .selectAll()
      .execute()
      .then((found) => found.map((row) => JSON.stringify(row)).sort());
  return rows;
}

const run = (options: { dryRun?: boolean; allowUnknown?: boolean } = {}) =>
  importBlobs({
    storeOf: store,
    db: database(),
    dryRun: options.dryRun ?? false,
    allowUnknown: options.allowUnknown,
    now: NOW,
    log: () => {},
  });

beforeAll(seed);

describe("npm run db:import-blobs", () => {
  it("a dry run (the command itself) reports what it would add and writes nothing", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.resolve("scripts/db/import-blobs.ts"), "--dry-run"],
      { env: process.env },
    );
    expect(stdout).toContain("dry run: rolled back, nothing written");
    expect(stdout).toMatch(/members\/account\s+6\b/);
    expect(stdout).toMatch(/accounts\s+0\s+6\s+6\s+6/);
    expect(stdout).toMatch(/members\/moved\s+1\s+not imported: forwarding notes/);
    const rows = await everyRow();
    for (const table of TABLES) expect(rows[table], table).toEqual([]);
  });

  it("copies every kind of record into its rows", async () => {
    const report = await run();
    expect(report.unknown).toEqual([]);
    expect(report.warnings).toEqual([]);
    const added = Object.fromEntries(TABLES.map((table) => [table, report.tables?.[table].added]));
    expect(added).toEqual({
      accounts: 6,
      // Ravi's two addresses, one each for the rest.
      account_addresses: 7,
      payments: 4,
      notices: 2,
      rejections: 2,
      sessions: 1,
      used_links: 1,
      directory_privacy: 1,
      own_details: 1,
      audit_log: 3,
      submissions: 3,
      outbox: 3,
      held_submissions: 2,
      used_form_tokens: 1,
      form_flashes: 1,
      subscribers: 2,
      newsletter_issues: 2,
      newsletter_copies: 1,
    });
    expect(Object.fromEntries(report.dropped)).toEqual({
      "members/session": 1,
      "members/used-link": 1,
      "submissions/used-token": 1,
    });
  });

  it("reads an active member back as the old record said, by the old key too", async () => {
    const account = await getAccount(asha.key);
    expect(account?.key).toMatch(/^[0-9a-f]{8}-/);
    expect(account).toMatchObject({
      email: asha.email,
      name: asha.name,
      membership: "1",
      applicationId: asha.applicationId,
      submissionId: asha.submissionId,
      privacyNoticeVersion: "2024-03",
      submittedAt: asha.submittedAt,
      status: "active",
      activatedAt: asha.activatedAt,
      passwordHash: asha.passwordHash,
      emailVerifiedAt: asha.emailVerifiedAt,
      payments: asha.payments,
      notices: asha.notices,
      remindedOn: asha.remindedOn,
    });
    expect(account?.verification).toBeUndefined();
    expect(await getAccount(account?.key as string)).toEqual(account);
    expect((await findAccount("ASHA@example.org"))?.key).toBe(account?.key);
    const confirmedBy = await database()
      .selectFrom("payments")
      .select(["reference", "confirmed_by"])
      .where("account_id", "=", account?.key as string)
      .orderBy("paid_on")
      .execute();
    expect(confirmedBy).toEqual([
      { reference: "ISGPB-2024-0001", confirmed_by: SECRETARY },
      { reference: "R-2025-26-0001", confirmed_by: null },
    ]);
  });

  it("keeps a moved account's former address, which still finds it", async () => {
    const byOld = await getAccount(accountKey("ravi.old@example.org"));
    const byNew = await getAccount(ravi.key);
    expect(byOld?.key).toBe(byNew?.key);
    expect(byNew).toMatchObject({
      email: ravi.email,
      directoryEmail: ravi.directoryEmail,
      sessionsEndedAt: RAVI_MOVED,
      payments: ravi.payments,
    });
    // The bank's reference only the secretariat's entry kept is its payment's now, as the
    // application's page showed it.
    expect(byNew?.payments?.[0]?.bankReference).toBe("UTR-42");
    const addresses = await database()
      .selectFrom("account_addresses")
      .select(["email", "address_key", "since", "until"])
      .where("account_id", "=", byNew?.key as string)
      .orderBy("since")
      .execute();
    expect(addresses).toEqual([
      {
        email: "ravi.old@example.org",
        address_key: accountKey("ravi.old@example.org"),
        since: new Date(ravi.submittedAt),
        until: new Date(RAVI_MOVED),
      },
      { email: ravi.email, address_key: ravi.key, since: new Date(RAVI_MOVED), until: null },
    ]);
  });

  it("keeps a closed and a set-aside account, their addresses free", async () => {
    const closed = await getAccount(accountKey(meena.email));
    expect(closed).toMatchObject({
      email: meena.email,
      closedAt: meena.closedAt,
      passwordHash: "",
      payments: meena.payments,
    });
    expect(await findAccount(meena.email)).toBeNull();
    const setAside = await getAccount(accountKey(unconfirmed.email));
    expect(setAside).toMatchObject({
      status: "pending-payment",
      setAsideAt: "2026-03-05T00:00:00.000Z",
      verification: unconfirmed.verification,
    });
    expect(setAside?.closedAt).toBeUndefined();
    expect(await findAccount(unconfirmed.email)).toBeNull();
  });

  it("keeps a standing rejection and the one reopened before it", async () => {
    const account = await getAccount(rejected.key);
    expect(account?.rejected).toEqual(rejected.rejected);
    expect(account?.pastRejections).toEqual(rejected.pastRejections);
  });

  it("keeps the secretariat's account and its audit lines, with their times, by account id", async () => {
    expect(await getAccount(secretary.key)).toMatchObject({ role: "secretariat", applicationId: "" });
    const ashaId = (await getAccount(asha.key))?.key;
    const raviId = (await getAccount(ravi.key))?.key;
    const lines = await database()
      .selectFrom("audit_log")
      .select(["at", "who", "action", "record", "account_id", "summary"])
      .orderBy("at")
      .execute();
    expect(lines).toEqual([
      {
        at: new Date("2024-05-03T09:00:00.000Z"),
        who: SECRETARY,
        action: "payment",
        record: `account/${ashaId}`,
        account_id: ashaId,
        summary: "Payment received",
      },
      {
        at: new Date("2024-06-01T09:00:00.000Z"),
        who: SECRETARY,
        action: "resend",
        record: `account/${raviId}`,
        account_id: raviId,
        summary: "Link sent again",
      },
      {
        at: new Date("2026-05-31T11:00:00.000Z"),
        who: SECRETARY,
        action: "delete",
        record: `quarantine/contact/${HELD_DELETED}`,
        account_id: null,
        summary: "Deleted a held message of 31 May 2026 (held because a link in the name)",
      },
    ]);
  });

  it("gives a message its mails as outbox rows: the sent one sent, the pending one waiting under its old key", async () => {
    const read = await readSubmission("contact", contact.id);
    expect(read).toEqual({ ...contact, mails: contact.mails });
    const rows = await database()
      .selectFrom("outbox")
      .select(["key", "sent_at", "sent_id", "attempts"])
      .where("submission_kind", "=", "contact")
      .orderBy("key")
      .execute();
    expect(rows).toEqual([
      { key: `contact/${contact.id}/acknowledgement`, sent_at: null, sent_id: null, attempts: 2 },
      {
        key: `contact/${contact.id}/notification`,
        sent_at: new Date(contact.receivedAt),
        sent_id: "re_sent_1",
        attempts: 1,
      },
    ]);
    const enrolled = await database()
      .selectFrom("submissions")
      .select("application_id")
      .where("kind", "=", "enrolment")
      .executeTakeFirst();
    expect(enrolled?.application_id).toBe(asha.applicationId);
  });

  it("keeps held submissions, the deleted one without its words", async () => {
    const held = await database()
      .selectFrom("held_submissions")
      .select(["id", "reason", "data", "action", "acted_by"])
      .orderBy("id")
      .execute();
    expect(held).toEqual([
      { id: HELD_DELETED, reason: "a link in the name", data: null, action: "delete", acted_by: SECRETARY },
      {
        id: "4".repeat(32),
        reason: "sent too fast",
        data: { name: "Bot", email: "bot@example.org", message: "Buy" },
        action: null,
        acted_by: null,
      },
    ]);
  });

  it("keeps subscribers, both issues and the copy sent", async () => {
    const subscribers = await database()
      .selectFrom("subscribers")
      .select(["email", "status", "segment_synced"])
      .orderBy("email")
      .execute();
    expect(subscribers).toEqual([
      { email: "maybe@example.org", status: "pending", segment_synced: false },
      { email: "reader@example.org", status: "subscribed", segment_synced: true },
    ]);
    const issues = await database()
      .selectFrom("newsletter_issues")
      .select(["id", "status", "sent_at"])
      .orderBy("id")
      .execute();
    expect(issues).toEqual([
      { id: DRAFT_ISSUE, status: "draft", sent_at: null },
      { id: SENT_ISSUE, status: "sent", sent_at: new Date("2026-05-20T10:01:00.000Z") },
    ]);
    const copies = await database()
      .selectFrom("newsletter_copies")
      .innerJoin("outbox", "outbox.id", "newsletter_copies.outbox_id")
      .select(["issue_id", "outbox.key", "outbox.sent_id"])
      .execute();
    expect(copies).toEqual([
      { issue_id: SENT_ISSUE, key: `newsletter/${copy.id}/copy`, sent_id: "re_copy_1" },
    ]);
  });

  it("keeps privacy choices, own details, the live session, a used link, a used token and a flash", async () => {
    const ashaId = (await getAccount(asha.key))?.key;
    expect(
      await database().selectFrom("directory_privacy").select(["member_id", "hidden"]).execute(),
    ).toEqual([{ member_id: "M-0001", hidden: ["email", "mobile"] }]);
    expect(
      await database().selectFrom("own_details").select(["member_id", "account_id", "values"]).execute(),
    ).toEqual([
      { member_id: "M-0001", account_id: ashaId, values: { city: { value: "Pune", was: "Delhi" } } },
    ]);
    expect(
      await database().selectFrom("sessions").select(["token_hash", "account_id", "expires_at"]).execute(),
    ).toEqual([
      {
        token_hash: sha("live-token"),
        account_id: ashaId,
        expires_at: new Date(ago(HOUR).getTime() + 12 * HOUR),
      },
    ]);
    expect(await database().selectFrom("used_links").select(["nonce", "account_id"]).execute()).toEqual([
      { nonce: "fresh-nonce-000000001", account_id: ashaId },
    ]);
    expect(await database().selectFrom("used_form_tokens").select("token_hash").execute()).toEqual([
      { token_hash: sha("fresh-token") },
    ]);
    expect(await database().selectFrom("form_flashes").select(["path"]).execute()).toEqual([
      { path: "/contact" },
    ]);
  });

  it("changes nothing when run a second time", async () => {
    const before = await everyRow();
    const report = await run();
    for (const table of TABLES) expect(report.tables?.[table].added, table).toBe(0);
    expect(report.changedSinceCopied).toEqual([]);
    expect(await everyRow()).toEqual(before);
  });

  it("adds what is new since, and names an account that changed since it was copied", async () => {
    const payment = {
      reference: "R-2026-27-0001",
      amount: 1500,
      paidOn: "2026-06-01",
      confirmedAt: NOW.toISOString(),
    };
    await store("members").setJSON(`account/${asha.key}`, {
      ...asha,
      passwordHash: "scrypt$new",
      payments: [...(asha.payments ?? []), payment],
    });
    const report = await run();
    expect(report.changedSinceCopied).toEqual([asha.applicationId]);
    expect(report.tables?.payments.added).toBe(1);
    expect(report.tables?.accounts.added).toBe(0);
    expect((await getAccount(asha.key))?.passwordHash).toBe(asha.passwordHash);
  });

  it("writes nothing while a key of no known kind is there, unless told to leave it", async () => {
    await emptyTables(local());
    await store("members").set("mystery/1", "?");
    const refused = await run();
    expect(refused.unknown).toEqual(["members/mystery/1"]);
    expect(refused.tables).toBeNull();
    expect((await everyRow()).accounts).toEqual([]);
    const allowed = await run({ allowUnknown: true });
    expect(allowed.tables?.accounts.added).toBe(6);
  });
});
