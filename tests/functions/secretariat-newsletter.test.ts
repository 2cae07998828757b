import { parse } from "csv-parse/sync";
import { HttpResponse, http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import retryMail from "../../netlify/functions/retry-mail.ts";
import newsletterFunction from "../../netlify/functions/secretariat-newsletter.ts";
import { database } from "../../src/server/db/database.server.ts";
import { signingSecret } from "../../src/server/env.server.ts";
import { mailTemplates } from "../../src/server/mail/templates/registry.server.ts";
import {
  finishSends,
  getIssue,
  type Issue,
  issueCopy,
  listIssues,
  RESUME_AFTER_MS,
} from "../../src/server/newsletter/issues.server.ts";
import { emailFromLink } from "../../src/server/newsletter/newsletter-mails.server.ts";
import {
  allSubscribers,
  changeSubscription,
  requestSubscription,
} from "../../src/server/newsletter/subscribers.server.ts";
import { recentActions } from "../../src/server/secretariat/audit.server.ts";
import { NOT_SECRETARIAT, NOT_SIGNED_IN } from "../../src/server/secretariat/auth.server.ts";
import { MAIL_FRAME_CSP } from "../../src/server/secretariat/mail-frame.server.ts";
import { NO_ISSUE } from "../../src/server/secretariat/newsletter-form.server.ts";
import { retryPendingMail } from "../../src/server/submissions.server.ts";
import { SEND_FIELDS, sendCountChanged } from "../../src/shared/forms/secretariat-fields.ts";
import { FLASHES } from "../../src/shared/secretariat-flash.ts";
import {
  type BroadcastCall,
  RESEND_BATCH,
  resendBatchAccepts,
  resendBroadcasts,
  type SentMail,
} from "../mocks/resend.ts";
import { allowConsole } from "../support/console.ts";
import { outboxMails, startDatabase } from "../support/database.ts";
import { readData, readPage } from "../support/page-server.ts";
import { formPostRequest, pageRequest, postAndFollow, scriptPostRequest } from "../support/requests.ts";
import { cookieFor, makeAccount, OFFICE_EMAIL, workspaceFunctionTests } from "../support/secretariat.ts";

// The database first (PGlite starts in seconds, more on a busy machine): the workspace's setup
// makes the office's account in it.
vi.setConfig({ hookTimeout: 60_000 });
const { local } = startDatabase();
const { sent, msw, office, pages } = workspaceFunctionTests({ testTimeout: 60_000 });

let counter = 0;

afterEach(() => vi.unstubAllEnvs());
beforeEach(() => {
  vi.stubEnv("RESEND_API_KEY", "re_test_key");
  vi.stubEnv("SECRETARIAT_ACCOUNTS", OFFICE_EMAIL);
  vi.stubEnv("URL", "https://isgpb.example");
  // The outbox's sender sends a newsletter's copies in Resend's batch calls.
  msw.use(resendBatchAccepts([], sent));
});

/** The audit lines of sends of this issue (written in the send's transaction). */
const sendLines = (issue: string) =>
  database()
    .selectFrom("audit_log")
    .selectAll()
    .where("action", "=", "newsletter-send")
    .where("record", "=", `newsletter/${issue}`)
    .execute();

/** The issue's copies: one row per subscriber, each with its outbox row's key. */
const copyRows = (issue: string) =>
  database()
    .selectFrom("newsletter_copies as c")
    .innerJoin("outbox as o", "o.id", "c.outbox_id")
    .select(["c.subscriber_id", "o.key", "o.mail", "o.sent_at"])
    .where("c.issue_id", "=", issue)
    .execute();

/**
 * The scheduled job's run (the outbox's sender, the segment, then the newsletter's sends): now, or
 * its mail and newsletter parts as they would run at `at`.
 */
async function scheduledRun(at?: number): Promise<void> {
  if (at === undefined) {
    await retryMail();
    return;
  }
  await retryPendingMail({ clock: () => at });
  await finishSends(at + 20_000, () => at);
}

/** `n` new confirmed subscribers (and one pending, one unsubscribed, who must never get an issue). */
async function subscribe(n: number): Promise<string[]> {
  const batch = ++counter;
  const confirmed = Array.from({ length: n }, (_, index) => `reader-${batch}-${index}@example.org`);
  for (const email of confirmed) await changeSubscription(email, "subscribed");
  await requestSubscription(`waiting-${batch}@example.org`);
  await changeSubscription(`gone-${batch}@example.org`, "unsubscribed");
  return confirmed;
}

const confirmedNow = async () =>
  (await allSubscribers())
    .filter((subscriber) => subscriber.status === "subscribed")
    .map(({ email }) => email);

async function compose(subject = `Issue ${++counter}`): Promise<Issue> {
  const response = await pages(
    formPostRequest(
      "/secretariat/newsletter",
      { subject, text: "Dear members,\n\nRead https://isgpb.example/news.", attachmentUrl: "" },
      office(),
    ),
  );
  expect(response.status).toBe(303);
  const id = /\/secretariat\/newsletter\/([a-z0-9]+)\?done=issue-saved$/.exec(
    response.headers.get("location") ?? "",
  )?.[1];
  const issue = await getIssue(id ?? "");
  expect(issue).toMatchObject({ subject, status: "draft", createdBy: OFFICE_EMAIL });
  return issue as Issue;
}

/** A press of the issue page's button, without JavaScript (a send with its box ticked). */
const press = (action: "test" | "send", issue: string, cookie = office()) =>
  pages(
    formPostRequest(
      `/secretariat/newsletter/${issue}?do=${action}`,
      action === "send" ? { issue, confirm: "yes" } : { issue },
      cookie,
    ),
  );

/** The mails sent to an address that are copies of this issue. */
const copiesTo = (email: string, subject: string) =>
  sent.filter((mail) => (mail.body.to as string[]).includes(email) && mail.body.subject === subject);

/** The copy's List-Unsubscribe headers, and its link: in the text too, and signed for `email`. */
async function expectOwnUnsubscribe(mail: SentMail | undefined, email: string): Promise<string> {
  const headers = mail?.body.headers as Record<string, string>;
  expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  const link =
    /^<(https:\/\/isgpb\.example\/newsletter\/unsubscribe\?token=[^>]+)>$/.exec(
      headers["List-Unsubscribe"] ?? "",
    )?.[1] ?? "";
  expect(String(mail?.body.text)).toContain(link);
  const token = new URL(link).searchParams.get("token");
  expect(await emailFromLink("unsubscribe", token, signingSecret())).toBe(email);
  return link;
}

describe("the newsletter section", () => {
  it("shows the counts of confirmed, pending and unsubscribed subscribers", async () => {
    await subscribe(3);
    const all = await allSubscribers();
    const { document } = await readPage(await pages(pageRequest("/secretariat/newsletter", office())));
    for (const [status, word] of [
      ["subscribed", "confirmed"],
      ["pending", "pending"],
      ["unsubscribed", "unsubscribed"],
    ])
      expect(document.querySelector(`[data-count="${word}"]`)?.textContent).toBe(
        String(all.filter((s) => s.status === status).length),
      );
    expect(document.querySelector('a[download="subscribers.csv"]')?.getAttribute("href")).toBe(
      "/api/secretariat/newsletter/subscribers.csv",
    );
  });

  it("exports the list as CSV that survives hostile addresses, and logs the export", async () => {
    const hostile = [
      '"quoted",comma@example.org',
      "=HYPERLINK(1)@example.org",
      "+91@example.org",
      "-x@example.org",
      "@at@example.org",
    ];
    for (const email of hostile) await changeSubscription(email, "subscribed");
    const response = await newsletterFunction(
      pageRequest("/api/secretariat/newsletter/subscribers.csv", office()),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toContain("attachment");
    const rows = parse(await response.text(), { columns: true }) as Record<string, string>[];
    const emails = rows.map((row) => row.email);
    expect(emails).toContain('"quoted",comma@example.org');
    for (const formula of hostile.slice(1)) {
      expect(emails).toContain(`'${formula}`);
      expect(emails).not.toContain(formula);
    }
    expect(rows).toHaveLength((await allSubscribers()).length);
    expect((await recentActions(5)).map((line) => line.action)).toContain("newsletter-export");
  });

  it("refuses an issue without a subject: the page comes back with the text as typed and the error beside the field", async () => {
    const before = (await listIssues()).length;
    const { post, page } = await postAndFollow(
      pages,
      "/secretariat/newsletter",
      { subject: "", text: "Kept <as> typed", attachmentUrl: "ftp://x" },
      office(),
    );
    expect(post.status).toBe(303);
    // Sent back to the summary, in a page whose title says it was refused (issue 54).
    expect(post.headers.get("location")).toBe("/secretariat/newsletter#issue-compose-error-summary");
    const { html, document } = await readPage(page);
    expect(document.title).toBe("Error: Newsletter | ISGPB secretariat");
    expect(document.getElementById("issue-compose-error-summary")?.textContent).toContain(
      "There is a problem",
    );
    expect(document.querySelector("#subject-error")?.textContent).toContain("Please enter the subject");
    expect(document.querySelector("#subject")?.getAttribute("aria-invalid")).toBe("true");
    expect(document.querySelector<HTMLTextAreaElement>("#text")?.value).toBe("Kept <as> typed");
    expect(html).toContain("Kept &lt;as&gt; typed");
    expect(document.querySelector("#attachmentUrl-error")?.textContent).toContain("starting with https://");
    expect(document.querySelector<HTMLInputElement>("#attachmentUrl")?.value).toBe("ftp://x");
    // The page's script is told the same as data, beside the field, with what was typed.
    const script = await readData(
      await pages(scriptPostRequest("/secretariat/newsletter", { subject: "", text: "x" }, office())),
    );
    expect(script.status).toBe(400);
    expect(script.data).toMatchObject({
      form: "issue-compose",
      errors: { subject: expect.stringContaining("Please enter the subject") },
      values: { subject: "", text: "x" },
    });
    expect(await listIssues()).toHaveLength(before);
  });

  it("sends a test, marked [Test], to the signed-in address only, with its unsubscribe headers", async () => {
    await subscribe(2);
    const issue = await compose();
    const page = await readPage(await pages(pageRequest(`/secretariat/newsletter/${issue.id}`, office())));
    expect(page.document.querySelector("h1")?.textContent).toBe(issue.subject);
    expect(page.document.querySelector("iframe")?.getAttribute("src")).toBe(
      `/secretariat/newsletter/${issue.id}/html`,
    );
    expect(page.document.querySelector("iframe")?.getAttribute("sandbox")).toBe("");
    expect(page.document.querySelector("pre.ws-mail-text")?.textContent).toContain("Dear members,");
    const response = await press("test", issue.id);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/secretariat/newsletter/${issue.id}?done=test-sent`);
    expect(sent.map((mail) => [mail.body.to, mail.body.subject])).toEqual([
      [[OFFICE_EMAIL], `[Test] ${issue.subject}`],
    ]);
    await expectOwnUnsubscribe(sent[0], OFFICE_EMAIL);
    expect((await getIssue(issue.id))?.status).toBe("draft");
  });

  it("sends one copy to every confirmed subscriber, each with its own unsubscribe link; a second press and a rerun send nothing", async () => {
    await subscribe(12);
    const issue = await compose();
    const readers = await confirmedNow();
    const response = await press("send", issue.id);
    expect(response.headers.get("location")).toBe(`/secretariat/newsletter/${issue.id}?done=send-done`);
    expect(sent).toHaveLength(readers.length);
    const after = await readPage(
      await pages(pageRequest(`/secretariat/newsletter/${issue.id}?done=send-done`, office())),
    );
    expect(after.document.querySelector('main [role="status"]')?.textContent).toBe(FLASHES["send-done"].text);
    expect(after.document.querySelector(`form[action$="?do=send"]`)).toBeNull();
    expect(after.text).toContain("copies queued");
    const links = new Set<string>();
    const sentIssue = (await getIssue(issue.id)) as Issue;
    expect(sentIssue).toMatchObject({ status: "sent", via: "outbox", sentBy: OFFICE_EMAIL });
    const queued = await outboxMails();
    for (const email of readers) {
      const copies = copiesTo(email, issue.subject);
      expect(copies, email).toHaveLength(1);
      // Each copy is its own outbox row, under its own idempotency key (sent in Resend's batch).
      const row = queued.filter((mail) => mail.to.includes(email) && mail.subject === issue.subject);
      expect(row, email).toHaveLength(1);
      expect(row[0]?.key).toMatch(new RegExp(`^newsletter/${issue.id}/[0-9a-f]{64}/copy$`));
      const link = await expectOwnUnsubscribe(copies[0], email);
      links.add(link);
      // Exactly the copy the template renders for this subscriber, the link put in by the database.
      const own = await issueCopy(
        sentIssue,
        email,
        "https://isgpb.example",
        signingSecret(),
        new Date(sentIssue.sendStartedAt ?? ""),
      );
      expect(copies[0]?.body).toMatchObject({
        to: own.to,
        subject: own.subject,
        text: own.text,
        html: own.html,
      });
      expect(copies[0]?.body.headers).toEqual(own.headers);
    }
    expect(links.size).toBe(readers.length);
    expect(await copyRows(issue.id)).toHaveLength(readers.length);
    expect(sent.some((mail) => String((mail.body.to as string[])[0]).startsWith("waiting-"))).toBe(false);
    expect(sent.some((mail) => String((mail.body.to as string[])[0]).startsWith("gone-"))).toBe(false);

    const again = await press("send", issue.id);
    expect(again.headers.get("location")).toBe(`/secretariat/newsletter/${issue.id}?done=send-already`);
    await scheduledRun();
    expect(sent).toHaveLength(readers.length);
    expect(await sendLines(issue.id)).toHaveLength(1);
    expect(await copyRows(issue.id)).toHaveLength(readers.length);
  });

  it("says when an issue was written and sent in India's time, not UTC's", async () => {
    const issue = await compose();
    // Sent at 01:45 on 27 November in India, still the 26th in UTC.
    const sentAt = "2026-11-26T20:15:00.000Z";
    await database()
      .updateTable("newsletter_issues")
      .set({ created_at: sentAt, status: "sent", via: "broadcast", sent_at: sentAt })
      .where("id", "=", issue.id)
      .execute();
    const page = await readPage(await pages(pageRequest(`/secretariat/newsletter/${issue.id}`, office())));
    expect(page.text).toContain("27 November 2026, 1:45 am IST");
    expect(page.text).not.toContain("UTC");
    const list = await readPage(await pages(pageRequest("/secretariat/newsletter", office())));
    const row = [...list.document.querySelectorAll("tr")].find((tr) =>
      tr.textContent?.includes(issue.subject),
    );
    expect(row?.textContent).toContain("2026-11-27");
  });

  it("a second press while the first is still sending starts nothing", async () => {
    await subscribe(20);
    const issue = await compose();
    const first = press("send", issue.id);
    // The second press arrives once the first has claimed the send and is still mailing.
    while ((await getIssue(issue.id))?.status === "draft")
      await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await press("send", issue.id);
    expect(second.headers.get("location")).toBe(`/secretariat/newsletter/${issue.id}?done=send-already`);
    // On a machine slow enough to spend the request's time, the first press says the send goes
    // on, and the retry job finishes it; either way the second press added nothing.
    const firstAnswer = (await first).headers.get("location");
    expect([
      `/secretariat/newsletter/${issue.id}?done=send-done`,
      `/secretariat/newsletter/${issue.id}?done=send-going`,
    ]).toContain(firstAnswer);
    if (firstAnswer?.endsWith("send-going")) await scheduledRun();
    expect((await getIssue(issue.id))?.status).toBe("sent");
    for (const email of await confirmedNow()) expect(copiesTo(email, issue.subject)).toHaveLength(1);
    expect(sent.filter((mail) => mail.body.subject === issue.subject)).toHaveLength(
      (await confirmedNow()).length,
    );
  });

  it("two Sends of one issue at once: one send, one audit line, one copy per subscriber (issue 56)", async () => {
    await subscribe(6);
    const issue = await compose();
    const readers = await confirmedNow();
    // Two presses through the issue page's action at the same moment (a double click, two tabs).
    const answers = await Promise.all([press("send", issue.id), press("send", issue.id)]);
    const outcomes = answers.map((answer) => answer.headers.get("location")?.split("done=")[1]);
    // The one that claimed it says it was done (or, on a slow machine, that it is under way).
    expect(outcomes.filter((outcome) => outcome === "send-already")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "send-done" || outcome === "send-going")).toHaveLength(1);
    expect(await sendLines(issue.id)).toHaveLength(1);
    const copies = await copyRows(issue.id);
    expect(copies).toHaveLength(readers.length);
    expect(new Set(copies.map((copy) => copy.subscriber_id)).size).toBe(readers.length);
    expect((await outboxMails()).filter((mail) => mail.subject === issue.subject)).toHaveLength(
      readers.length,
    );
    // What a slow machine's request left is the scheduled sender's.
    await scheduledRun();
    for (const email of readers) expect(copiesTo(email, issue.subject), email).toHaveLength(1);
    expect((await getIssue(issue.id))?.status).toBe("sent");
  });

  it("a send that fails part-way keeps nothing: the issue stays a draft, no copy queued, no audit line", async () => {
    await subscribe(3);
    const issue = await compose();
    // The audit line is the send's last write: a failure there must take the claim and copies back.
    await local().db.exec(`
      CREATE FUNCTION refuse_send_line() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit log unavailable'; END; $$;
      CREATE TRIGGER refuse_send_line BEFORE INSERT ON audit_log
        FOR EACH ROW WHEN (NEW.action = 'newsletter-send') EXECUTE FUNCTION refuse_send_line();
    `);
    allowConsole("error", /audit log unavailable/);
    try {
      const failed = await pages(
        scriptPostRequest(
          `/secretariat/newsletter/${issue.id}?do=send`,
          { issue: issue.id, confirm: "yes" },
          office(),
        ),
      );
      expect(failed.status).toBe(503);
    } finally {
      await local().db.exec("DROP TRIGGER refuse_send_line ON audit_log; DROP FUNCTION refuse_send_line();");
    }
    expect((await getIssue(issue.id))?.status).toBe("draft");
    expect(await copyRows(issue.id)).toEqual([]);
    expect(await sendLines(issue.id)).toEqual([]);
    expect(sent).toEqual([]);
    // Pressed again, it sends: nothing was left half-done to stand in its way.
    expect((await press("send", issue.id)).headers.get("location")).toContain("done=send-done");
    for (const email of await confirmedNow()) expect(copiesTo(email, issue.subject)).toHaveLength(1);
  });

  it("copies Resend could not take yet wait in the outbox: the issue is being sent until the scheduled sender delivers them, nobody twice", async () => {
    await subscribe(25);
    const issue = await compose();
    const readers = await confirmedNow();
    // Resend's rate limit: every batch is refused for a minute.
    const refused = { count: 0 };
    msw.use(
      http.post(RESEND_BATCH, () => {
        refused.count++;
        return HttpResponse.json(
          { statusCode: 429, name: "rate_limit_exceeded", message: "Too many requests" },
          { status: 429, headers: { "retry-after": "60" } },
        );
      }),
    );
    const answer = await press("send", issue.id);
    expect(answer.headers.get("location")).toBe(`/secretariat/newsletter/${issue.id}?done=send-going`);
    expect(refused.count).toBe(1);
    expect(sent).toEqual([]);
    expect(await getIssue(issue.id)).toMatchObject({ status: "sending", via: "outbox" });
    expect(await copyRows(issue.id)).toHaveLength(readers.length);
    const page = await readPage(await pages(pageRequest(`/secretariat/newsletter/${issue.id}`, office())));
    expect(page.text).toContain(
      `${readers.length} copies queued: 0 sent, ${readers.length} waiting to be sent (tried again every 10 minutes).`,
    );
    expect(page.text).toContain("Being sent.");
    // Within the minute the job sends nothing; after it, Resend takes them all, once.
    await scheduledRun(Date.now() + 30_000);
    expect(sent).toEqual([]);
    msw.resetHandlers(resendBatchAccepts([], sent));
    await scheduledRun(Date.now() + 61_000);
    for (const email of readers) expect(copiesTo(email, issue.subject), email).toHaveLength(1);
    expect(await getIssue(issue.id)).toMatchObject({ status: "sent" });
    await scheduledRun(Date.now() + 120_000);
    expect(sent.filter((mail) => mail.body.subject === issue.subject)).toHaveLength(readers.length);
    expect(await sendLines(issue.id)).toHaveLength(1);
  });

  it("sends only with its box ticked, which names how many get a copy; refused beside the box, nothing sent", async () => {
    const issue = await compose();
    const page = `/secretariat/newsletter/${issue.id}`;
    const before = await readPage(await pages(pageRequest(page, office())));
    const box = before.document.querySelector<HTMLInputElement>(
      'form[action$="?do=send"] input[name="confirm"]',
    );
    expect(box?.type).toBe("checkbox");
    expect(box?.required).toBe(true);
    expect(before.document.querySelector(`label[for="${box?.id}"]`)?.textContent).toMatch(
      /^Yes, send this issue now to (all \d+ confirmed subscribers|the 1 confirmed subscriber) \*$/,
    );
    // Without JavaScript: back to the page, the refusal beside the box.
    const { post, page: again } = await postAndFollow(
      pages,
      `${page}?do=send`,
      { issue: issue.id },
      office(),
    );
    expect(post.status).toBe(303);
    const { document } = await readPage(again);
    expect(document.querySelector("#confirm-error")?.textContent).toContain(SEND_FIELDS.confirm.required);
    expect(document.querySelector('form[action$="?do=send"]')).not.toBeNull();
    // The page's script: 400, the request beside the box.
    const script = await readData(
      await pages(scriptPostRequest(`${page}?do=send`, { issue: issue.id }, office())),
    );
    expect(script.status).toBe(400);
    expect((script.data as { errors: Record<string, string> }).errors.confirm).toBe(
      SEND_FIELDS.confirm.required,
    );
    expect((await getIssue(issue.id))?.status).toBe("draft");
    expect((await recentActions(10)).filter((line) => line.record === `newsletter/${issue.id}`)).toHaveLength(
      1,
    );
    expect(sent).toEqual([]);
  });

  it("asks again when more or fewer have confirmed than its ticked box named, sending nothing", async () => {
    const issue = await compose();
    const page = `/secretariat/newsletter/${issue.id}`;
    const before = await readPage(await pages(pageRequest(page, office())));
    const named = before.document.querySelector<HTMLInputElement>(
      'form[action$="?do=send"] input[name="confirm"]',
    );
    const count = (await confirmedNow()).length;
    expect(named?.value).toBe(String(count));
    await subscribe(1);
    const { page: again } = await postAndFollow(
      pages,
      `${page}?do=send`,
      { issue: issue.id, confirm: String(count) },
      office(),
    );
    const { document } = await readPage(again);
    expect(document.querySelector("#confirm-error")?.textContent).toContain(sendCountChanged(count + 1));
    expect(
      document.querySelector<HTMLInputElement>('form[action$="?do=send"] input[name="confirm"]')?.value,
    ).toBe(String(count + 1));
    expect((await getIssue(issue.id))?.status).toBe("draft");
    expect(sent).toEqual([]);
  });

  it("answers 404 for an issue that does not exist, and changes nothing", async () => {
    // A send posted for it from an existing issue's page (the issue is named in the form): the
    // page's script is told there is no such issue.
    const other = await compose();
    const response = await readData(
      await pages(
        scriptPostRequest(
          `/secretariat/newsletter/${other.id}?do=send`,
          { issue: "00000000000000000000", confirm: "yes" },
          office(),
        ),
      ),
    );
    expect(response.status).toBe(404);
    expect(response.data).toMatchObject({ message: NO_ISSUE });
    for (const path of [
      "/secretariat/newsletter/00000000000000000000",
      "/secretariat/newsletter/Not-An-Id",
    ]) {
      expect((await pages(pageRequest(path, office()))).status, path).toBe(404);
    }
    expect(
      (await pages(pageRequest("/secretariat/newsletter/00000000000000000000/html", office()))).status,
    ).toBe(404);
    expect(sent).toEqual([]);
  });

  it("takes only 'Save and preview' on the newsletter page: an issue's button posted there is 404", async () => {
    const issue = await compose();
    for (const action of ["test", "send"]) {
      const answered = await pages(
        formPostRequest(
          `/secretariat/newsletter?do=${action}`,
          { issue: issue.id, confirm: "yes" },
          office(),
        ),
      );
      expect(answered.status, action).toBe(404);
    }
    expect((await getIssue(issue.id))?.status).toBe("draft");
    expect(sent).toEqual([]);
  });

  it("answers 401 to a visitor and 403 to a member, and sends nothing", async () => {
    const issue = await compose();
    const member = await cookieFor(
      await makeAccount(`member-${++counter}@example.org`, { status: "active" }),
    );
    for (const [cookie, status, text] of [
      [undefined, 401, NOT_SIGNED_IN],
      [member, 403, NOT_SECRETARIAT],
    ] as const) {
      for (const request of [
        formPostRequest(
          `/secretariat/newsletter/${issue.id}?do=send`,
          { issue: issue.id, confirm: "yes" },
          cookie,
        ),
        scriptPostRequest(
          `/secretariat/newsletter/${issue.id}?do=send`,
          { issue: issue.id, confirm: "yes" },
          cookie,
        ),
        formPostRequest("/secretariat/newsletter", { subject: "Hello", text: "Text" }, cookie),
      ]) {
        const response = await pages(request);
        expect(response.status, request.url).toBe(status);
        const body = await response.text();
        expect(body.includes(text) || body.includes(text.replaceAll("'", "&#x27;")), request.url).toBe(true);
      }
      // Nor may they download the subscribers' list.
      const csv = await newsletterFunction(
        pageRequest("/api/secretariat/newsletter/subscribers.csv", cookie),
      );
      expect(csv.status).toBe(status);
    }
    expect((await getIssue(issue.id))?.status).toBe("draft");
    expect(sent).toEqual([]);
  });
});

describe("sending through a Resend broadcast (RESEND_SEGMENT_ID set)", () => {
  it("creates one broadcast to the segment with Resend's unsubscribe placeholder, sends it once, and resumes after a failed send", async () => {
    vi.stubEnv("RESEND_SEGMENT_ID", "segment-42");
    const calls: BroadcastCall[] = [];
    msw.use(...resendBroadcasts(calls, { failSends: 1 }));
    await subscribe(2);
    const issue = await compose();
    const first = await press("send", issue.id);
    expect(first.headers.get("location")).toBe(`/secretariat/newsletter/${issue.id}?done=send-going`);
    const created = calls.filter((call) => call.method === "POST" && call.path === "/broadcasts");
    expect(created).toHaveLength(1);
    expect(created[0]?.body).toMatchObject({ segment_id: "segment-42", subject: issue.subject });
    expect(String(created[0]?.body?.html)).toContain("{{{RESEND_UNSUBSCRIBE_URL}}}");
    expect(await getIssue(issue.id)).toMatchObject({
      status: "sending",
      via: "broadcast",
      broadcastId: "broadcast-1",
    });
    expect(sent).toEqual([]); // no single copies on this path

    const later = Date.now() + RESUME_AFTER_MS + 1000;
    expect(await finishSends(later + 20_000, () => later)).toEqual({ finished: 0, broadcasts: 1 });
    expect(await sendLines(issue.id)).toHaveLength(1);
    expect(calls.filter((call) => call.method === "POST" && call.path === "/broadcasts")).toHaveLength(1);
    expect(calls.filter((call) => call.path === "/broadcasts/broadcast-1/send")).toHaveLength(2);
    expect((await getIssue(issue.id))?.status).toBe("sent");
    expect((await press("send", issue.id)).headers.get("location")).toContain("done=send-already");
    expect(calls.filter((call) => call.path === "/broadcasts/broadcast-1/send")).toHaveLength(2);
  });
});

describe("the e-mail previews", () => {
  it("lists every template, each framed from an answer that allows no script", async () => {
    const { document } = await readPage(await pages(pageRequest("/secretariat/mails", office())));
    // Issue 33's mails among them: a reopening, a directory address out of date, a life instalment
    // owed, a lapse with how to rejoin; and the activation with its reference and member number.
    for (const name of [
      "application-reopened",
      "directory-address-changed",
      "life-instalment-reminder",
      "membership-lapsed",
    ])
      expect(document.querySelector(`section[aria-labelledby="${name}-title"]`), name).not.toBeNull();
    const active = document.querySelector('section[aria-labelledby="account-active-title"] pre.ws-mail-text');
    expect(active?.textContent).toMatch(/Member number: M-/);
    for (const template of mailTemplates) {
      const section = document.querySelector(`section[aria-labelledby="${template.name}-title"]`);
      expect(section?.querySelector(`a[href="/secretariat/mails/${template.name}"]`)).not.toBeNull();
      expect(section?.querySelector("pre.ws-mail-text")?.textContent).toBe((await template.render()).text);
      const own = await readPage(await pages(pageRequest(`/secretariat/mails/${template.name}`, office())));
      const iframe = own.document.querySelector("iframe");
      expect(iframe?.getAttribute("src")).toBe(`/secretariat/mails/${template.name}/html`);
      expect(iframe?.getAttribute("sandbox")).toBe("");
      const frame = await pages(pageRequest(`/secretariat/mails/${template.name}/html`, office()));
      expect(frame.status).toBe(200);
      expect(frame.headers.get("content-security-policy")).toBe(MAIL_FRAME_CSP);
      expect(frame.headers.get("x-frame-options")).toBe("SAMEORIGIN");
      expect(await frame.text()).toContain((await template.render()).html.slice(-200));
    }
    expect((await pages(pageRequest("/secretariat/mails/no-such-mail", office()))).status).toBe(404);
    expect((await pages(pageRequest("/secretariat/mails/no-such-mail/html", office()))).status).toBe(404);
    expect(FLASHES["send-already"].kind).toBe("error");
  });
});

describe("a list longer than one statement queues", () => {
  it("queues a copy for each of 1,200 confirmed subscribers in the one transaction, and the sender delivers each once", async () => {
    const now = new Date();
    await database()
      .insertInto("subscribers")
      .values(
        Array.from({ length: 1200 }, (_, index) => ({
          email: `many-${index}@example.org`,
          status: "subscribed" as const,
          requested_at: now,
          changed_at: now,
        })),
      )
      .execute();
    const issue = await compose();
    const readers = await confirmedNow();
    expect(readers.length).toBeGreaterThan(1200);
    const answer = await press("send", issue.id);
    expect(answer.headers.get("location")).toMatch(/done=send-(done|going)$/);
    const copies = await copyRows(issue.id);
    expect(copies).toHaveLength(readers.length);
    expect(new Set(copies.map((copy) => copy.key)).size).toBe(readers.length);
    expect(new Set(copies.map((copy) => copy.mail.to[0])).size).toBe(readers.length);
    await scheduledRun();
    expect(sent.filter((mail) => mail.body.subject === issue.subject)).toHaveLength(readers.length);
    expect(await getIssue(issue.id)).toMatchObject({ status: "sent" });
  });
});
