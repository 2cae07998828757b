import { parse } from "csv-parse/sync";
import { HttpResponse, http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import newsletterFunction from "../../netlify/functions/secretariat-newsletter.ts";
import { signingSecret } from "../../src/server/env.server.ts";
import { mailTemplates } from "../../src/server/mail/templates/registry.server.ts";
import {
  continueSend,
  getIssue,
  type Issue,
  listIssues,
  newsletterStore,
  RESUME_AFTER_MS,
  resumeSends,
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
import { type BroadcastCall, RESEND_EMAILS, resendBroadcasts, type SentMail } from "../mocks/resend.ts";
import { readData, readPage } from "../support/page-server.ts";
import { formPostRequest, pageRequest, postAndFollow, scriptPostRequest } from "../support/requests.ts";
import { cookieFor, makeAccount, OFFICE_EMAIL, workspaceFunctionTests } from "../support/secretariat.ts";

const { sent, msw, office, pages } = workspaceFunctionTests({ testTimeout: 60_000 });

let counter = 0;

afterEach(() => vi.unstubAllEnvs());
beforeEach(() => {
  vi.stubEnv("RESEND_API_KEY", "re_test_key");
  vi.stubEnv("SECRETARIAT_ACCOUNTS", OFFICE_EMAIL);
  vi.stubEnv("URL", "https://isgpb.example");
});

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
    for (const email of readers) {
      const copies = copiesTo(email, issue.subject);
      expect(copies, email).toHaveLength(1);
      expect(copies[0]?.idempotencyKey).toMatch(new RegExp(`^newsletter/${issue.id}/[0-9a-f]{64}/copy$`));
      links.add(await expectOwnUnsubscribe(copies[0], email));
    }
    expect(links.size).toBe(readers.length);
    expect(sent.some((mail) => String((mail.body.to as string[])[0]).startsWith("waiting-"))).toBe(false);
    expect(sent.some((mail) => String((mail.body.to as string[])[0]).startsWith("gone-"))).toBe(false);

    const again = await press("send", issue.id);
    expect(again.headers.get("location")).toBe(`/secretariat/newsletter/${issue.id}?done=send-already`);
    await continueSend(
      { ...(await getIssue(issue.id)), status: "sending" } as Issue,
      "x",
      Date.now() + 10_000,
    );
    expect(sent).toHaveLength(readers.length);
    expect((await recentActions(10)).filter((line) => line.action === "newsletter-send")).toHaveLength(
      (await listIssues()).filter((i) => i.status !== "draft").length,
    );
  });

  it("says when an issue was written and sent in India's time, not UTC's", async () => {
    const issue = await compose();
    // Sent at 01:45 on 27 November in India, still the 26th in UTC.
    const sentAt = "2026-11-26T20:15:00.000Z";
    await newsletterStore().setJSON(`issues/${issue.id}`, {
      ...issue,
      createdAt: sentAt,
      status: "sent",
      via: "broadcast",
      sentAt,
    });
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
    if (firstAnswer?.endsWith("send-going")) {
      const later = Date.now() + RESUME_AFTER_MS + 1000;
      await resumeSends(
        () => signingSecret(),
        later + 20_000,
        () => later,
      );
    }
    await retryPendingMail();
    expect((await getIssue(issue.id))?.status).toBe("sent");
    for (const email of await confirmedNow()) expect(copiesTo(email, issue.subject)).toHaveLength(1);
    expect(sent.filter((mail) => mail.body.subject === issue.subject)).toHaveLength(
      (await confirmedNow()).length,
    );
  });

  it("two presses at the same moment: one sends and says so, the other is told it was already done, one audit line", async () => {
    await subscribe(4);
    const issue = await compose();
    const answers = await Promise.all([
      press("send", issue.id),
      press("send", issue.id),
      press("send", issue.id),
    ]);
    const outcomes = answers.map((answer) => answer.headers.get("location")?.split("done=")[1]);
    // The one that claimed it says it was done (or, on a slow machine, that it is under way).
    expect(outcomes.filter((outcome) => outcome === "send-already")).toHaveLength(2);
    expect(outcomes.filter((outcome) => outcome === "send-done" || outcome === "send-going")).toHaveLength(1);
    const lines = (await recentActions(50)).filter(
      (line) => line.action === "newsletter-send" && line.record === `newsletter/${issue.id}`,
    );
    expect(lines).toHaveLength(1);
    // Finished here if the request ran out of time, so no later test finds it still sending.
    while ((await getIssue(issue.id))?.status === "sending")
      await continueSend((await getIssue(issue.id)) as Issue, signingSecret(), Date.now() + 10_000);
    // A copy queued after a request's time ran out is the retry job's.
    await retryPendingMail();
    for (const email of await confirmedNow()) expect(copiesTo(email, issue.subject)).toHaveLength(1);
  });

  it("a send claimed but not yet marked (a crash between the two writes) is taken up by the retry job", async () => {
    await subscribe(3);
    const issue = await compose();
    const at = new Date(Date.now() - RESUME_AFTER_MS - 1000).toISOString();
    await newsletterStore().setJSON(`send-claims/${issue.id}`, {
      who: OFFICE_EMAIL,
      at,
      siteUrl: "https://isgpb.example",
    });
    expect((await press("send", issue.id)).headers.get("location")).toContain("done=send-already");
    expect(await resumeSends(() => signingSecret(), Date.now() + 20_000)).toEqual({
      resumed: 1,
      finished: 1,
    });
    expect(await getIssue(issue.id)).toMatchObject({ status: "sent", sentBy: OFFICE_EMAIL });
    for (const email of await confirmedNow()) expect(copiesTo(email, issue.subject)).toHaveLength(1);
  });

  it("survives a crash mid-way: the retry job finishes the send and nobody is mailed twice", async () => {
    await subscribe(25);
    const issue = await compose();
    const readers = await confirmedNow();
    // The request runs out of time after the first batch: the issue stays 'sending'.
    let calls = 0;
    const start = Date.now();
    const clock = () => (++calls > 3 ? start + 60_000 : start);
    const { claimSend } = await import("../../src/server/newsletter/issues.server.ts");
    const claim = await claimSend(
      issue.id,
      OFFICE_EMAIL,
      "https://isgpb.example",
      new Date(start - RESUME_AFTER_MS),
    );
    expect(claim?.claimed).toBe(true);
    const halfway = await continueSend(
      (claim as { issue: Issue }).issue,
      signingSecret(),
      start + 30_000,
      clock,
    );
    expect(halfway.done).toBe(false);
    expect((await getIssue(issue.id))?.status).toBe("sending");
    const firstRun = sent.length;
    expect(firstRun).toBeGreaterThan(0);
    expect(firstRun).toBeLessThan(readers.length);
    // Resend fails for a while: copies queued then are left pending.
    msw.use(
      http.post(RESEND_EMAILS, () =>
        HttpResponse.json({ statusCode: 500, name: "application_error", message: "down" }, { status: 500 }),
      ),
    );
    const resumed = await resumeSends(() => signingSecret(), Date.now() + 20_000);
    expect(resumed).toEqual({ resumed: 1, finished: 1 });
    expect((await getIssue(issue.id))?.status).toBe("sent");
    msw.resetHandlers();
    await retryPendingMail();
    for (const email of readers) expect(copiesTo(email, issue.subject), email).toHaveLength(1);
    await retryPendingMail();
    expect(sent.filter((mail) => mail.body.subject === issue.subject)).toHaveLength(readers.length);
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
    expect(
      await resumeSends(
        () => "x",
        later + 20_000,
        () => later,
      ),
    ).toEqual({ resumed: 1, finished: 1 });
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
