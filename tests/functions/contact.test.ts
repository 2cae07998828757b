import { http } from "msw";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { database } from "../../src/server/db/database.server.ts";
import { TOO_LARGE } from "../../src/server/http/form-body.server.ts";
import { FORM_TOKEN_LIFETIME_MS, issueFormToken } from "../../src/server/spam/form-guard.server.ts";
import { readSubmission } from "../../src/server/submissions.server.ts";
import { CONTACT_FIELDS, CONTACT_SENT } from "../../src/shared/forms/contact-fields.ts";
import type { FormRefusal } from "../../src/shared/forms/form-result.ts";
import {
  RESEND_EMAILS,
  resendAccepts,
  resendBatchAccepts,
  resendFails,
  resendHangs,
  type SentBatch,
  type SentMail,
} from "../mocks/resend.ts";
import { startBlobsServer } from "../support/blobs.ts";
import { startDatabase } from "../support/database.ts";
import { setupMsw } from "../support/msw.ts";
import { pageServer, readData, readPage } from "../support/page-server.ts";
import { cookieSet, formPostRequest, pageRequest, scriptPostRequest } from "../support/requests.ts";

const sent: SentMail[] = [];
const batches: SentBatch[] = [];
const msw = setupMsw(resendAccepts(sent), resendBatchAccepts(batches));
vi.setConfig({ hookTimeout: 60_000 });
startDatabase();
// The scheduled job's newsletter steps still read Blobs.
startBlobsServer();

const SECRET = "contact-test-secret";
/** Tokens of forms opened a minute ago, as people would send them: each is good for one message. */
const formTokens: string[] = [];
const nextToken = () => formTokens.pop() ?? "";

/** The contact page, as the site answers it. */
let pages: (request: Request) => Promise<Response>;

beforeAll(async () => {
  pages = await pageServer((path) => path === "contact-us");
  vi.stubEnv("SIGNING_SECRET", SECRET);
  for (let i = 0; i < 100; i++) formTokens.push(await issueFormToken(SECRET, new Date(Date.now() - 60_000)));
  vi.stubEnv("RESEND_API_KEY", "re_test_key");
  vi.stubEnv("RESEND_TIMEOUT_MS", "300");
  vi.stubEnv("SECRETARIAT_EMAIL", "secretary@example.org");
  vi.stubEnv("MAIL_FROM", "ISGPB <website@example.org>");
});
afterAll(() => vi.unstubAllEnvs());
beforeEach(() => {
  sent.length = 0;
});

let counter = 0;
const message = (extra: Record<string, string> = {}) => ({
  first_name: "Meera",
  last_name: "Iyer",
  email: "meera@example.org",
  phone_number: "98765 43210",
  message: `Question number ${++counter} about membership <b>fees</b>.`,
  reference: "",
  form_token: nextToken(),
  ...extra,
});

const stored = () =>
  database().selectFrom("submissions").select("id").where("kind", "=", "contact").execute();

/** A stored contact message with its mails' states. */
const record = async (id: string) => {
  const found = await readSubmission<Record<string, string>>("contact", id);
  if (!found) throw new Error(`no contact message ${id}`);
  return found;
};

/** What the spam guard held back of the contact form, by id. */
const heldBack = async () =>
  database().selectFrom("held_submissions").select(["id", "reason"]).where("kind", "=", "contact").execute();

/** Where the page goes once a message is sent (or held back as spam: the same answer). */
const SENT = "/contact-us?status=sent";

const keys = async () => [
  ...(await stored()).map((row) => `contact/${row.id}`),
  ...(await heldBack()).map((row) => `quarantine/contact/${row.id}`),
];

/**
 * The contact form as the page's script posts it (to `/contact-us.data`): the action's answer,
 * and the id of the submission it stored, as a message or held back as spam ("" if none).
 */
async function send(fields: Record<string, string>, headers: HeadersInit = {}) {
  const before = new Set(await keys());
  const answer = await readData(await pages(scriptPostRequest("/contact-us", fields, undefined, headers)));
  const added = (await keys()).filter((key) => !before.has(key));
  return { ...answer, refusal: answer.data as FormRefusal, id: added[0]?.split("/").pop() ?? "" };
}

describe("the contact page's form", () => {
  it("stores the message, mails the secretariat and the sender, and says so", async () => {
    const before = (await stored()).length;
    const { id, redirect } = await send(message());
    expect(redirect).toBe(SENT);
    expect(await stored()).toHaveLength(before + 1);
    const kept = await record(id);
    expect(kept.data.phone_number).toBe("+919876543210");
    expect(kept.mails.secretariat?.status).toBe("sent");
    expect(sent.map((mail) => mail.body.to)).toEqual([["secretary@example.org"], ["meera@example.org"]]);
    const [toSecretariat] = sent;
    expect(toSecretariat?.body.reply_to).toBe("meera@example.org");
    expect(toSecretariat?.body.html).toContain("&lt;b&gt;fees&lt;/b&gt;");
    // Stored as +91…, read by the office as the directory sheet writes a mobile number.
    expect(String(toSecretariat?.body.text)).toContain("Phone: +91 98765 43210");
    expect(toSecretariat?.idempotencyKey).toBe(`contact/${id}/secretariat`);
  });

  it("names each missing field in plain words, as the form does", async () => {
    const { first_name: _f, email: _e, message: _m, ...rest } = message();
    const answer = await send(rest);
    expect(answer.status).toBe(400);
    expect(answer.refusal.errors).toEqual({
      first_name: "Please enter your first name",
      email: "Please enter your e-mail address",
      message: "Please write your message",
    });
  });

  it("is the contact page's own form: a plain post is sent on to the page that says it was sent", async () => {
    const post = await pages(formPostRequest("/contact-us", message()));
    expect(post.status).toBe(303);
    expect(post.headers.get("location")).toBe("/contact-us?status=sent");
    expect(sent).toHaveLength(2);
    const { document } = await readPage(await pages(pageRequest("/contact-us?status=sent")));
    expect(document.querySelector('main [role="status"]')?.textContent).toBe(CONTACT_SENT);
  });

  it("with JavaScript, the page's form is sent on to the same page, and the message goes once", async () => {
    const answer = await readData(await pages(scriptPostRequest("/contact-us", message())));
    expect(answer.redirect).toBe("/contact-us?status=sent");
    expect(sent.map((mail) => mail.body.to)).toEqual([["secretary@example.org"], ["meera@example.org"]]);
  });

  it("stores the same message sent twice in a row once, and mails it once", async () => {
    const words = message();
    const before = (await stored()).length;
    expect((await send(words)).redirect).toBe(SENT);
    expect((await send({ ...words, form_token: nextToken() })).redirect).toBe(SENT);
    expect(await stored()).toHaveLength(before + 1);
    expect(sent).toHaveLength(2);
  });

  it("takes a form token once: a replay with other words is quarantined, not delivered", async () => {
    const first = message();
    expect((await send(first)).redirect).toBe(SENT);
    sent.length = 0;
    const replay = { ...message(), form_token: first.form_token, message: "Other words entirely" };
    expect((await send(replay)).redirect).toBe(SENT);
    expect(sent).toHaveLength(0);
    const reasons = (await heldBack()).map((row) => row.reason);
    expect(reasons).toContain("the form token was already used for another submission");
  });

  it.each([
    ["a 422", () => resendFails(422, "validation_error")],
    ["a 500", () => resendFails(500)],
    ["a 429", () => resendFails(429, "rate_limit_exceeded")],
    ["a hang", () => resendHangs()],
  ])("still answers success on %s from Resend, with the mails left pending", async (_, failure) => {
    msw.use(failure());
    const { id, redirect } = await send(message());
    expect(redirect).toBe(SENT);
    const kept = await record(id);
    expect(kept.mails.secretariat).toMatchObject({ status: "pending", attempts: 1 });
    expect(kept.mails.acknowledgement).toMatchObject({ status: "pending", attempts: 1 });
  });

  it("answers 400 naming the bad fields, and stores nothing", async () => {
    const before = (await stored()).length;
    const answer = await send(message({ email: "nope", first_name: "A\r\nBcc: x@example.org" }));
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.refusal.errors).sort()).toEqual(["email", "first_name"]);
    expect(await stored()).toHaveLength(before);
    expect(sent).toHaveLength(0);
  });

  it("rejects unknown keys rather than merging them", async () => {
    const answer = await send({ ...message(), isAdmin: "true" });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.refusal)).toContain("Unknown fields: isAdmin");
  });

  it("refuses a form field named __proto__ as unknown instead of letting it change the object", async () => {
    const body = new URLSearchParams(message());
    body.append("__proto__", "polluted");
    const answer = await readData(await pages(scriptPostRequest("/contact-us", body)));
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.data)).toContain("Unknown fields: __proto__");
    expect(Object.prototype).not.toHaveProperty("polluted");
  });

  it("answers 413 to a body larger than any the form's fields take", async () => {
    const answer = await send(message({ message: "x".repeat(100_000) }));
    expect(answer.status).toBe(413);
    expect(answer.refusal.message).toBe(TOO_LARGE);
  });

  it("takes a message as long as its field allows in any script, with or without JavaScript", async () => {
    const hindi = "कृषि ".repeat(1000);
    expect(hindi.length).toBe(CONTACT_FIELDS.message.max);
    const plain = await pages(formPostRequest("/contact-us", message({ message: hindi })));
    expect(plain.headers.get("location")).toBe("/contact-us?status=sent");
    expect((await send(message({ message: hindi }))).redirect).toBe(SENT);
  });

  it("without JavaScript, a post too large to read comes back as the page, saying why", async () => {
    const answer = await pages(formPostRequest("/contact-us", message({ message: "x".repeat(100_000) })));
    expect(answer.status).toBe(413);
    const { document } = await readPage(answer);
    expect(document.querySelector("main")?.textContent).toContain(TOO_LARGE);
    expect(document.querySelector('main textarea[name="message"]')).not.toBeNull();
    expect(sent).toHaveLength(0);
  });

  it("answers 403 to a post from another site, and stores nothing", async () => {
    const before = (await stored()).length;
    const answer = await send(message(), {
      "sec-fetch-site": "cross-site",
      origin: "https://elsewhere.example",
    });
    expect(answer.status).toBe(403);
    expect(await stored()).toHaveLength(before);
  });

  it("answers 415 to another content type", async () => {
    expect((await send(message(), { "content-type": "text/plain" })).status).toBe(415);
  });

  it("answers 405 with Allow to other methods", async () => {
    const response = await pages(pageRequest("/contact-us", undefined, { method: "PUT" }));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, POST");
  });
});

describe("suspected spam", () => {
  const quarantined = async (id: string) => (await heldBack()).find((row) => row.id === id) ?? { reason: "" };

  it.each([
    ["a filled honeypot", () => ({ reference: "http://cheap-pills.example" }), "reference"],
    ["no form token", () => ({ form_token: "" }), "missing"],
    ["a token forged with a guessed key", () => ({ form_token: forgedToken }), "forged"],
    ["a token older than a day", () => ({ form_token: expiredToken }), "expired"],
  ])(
    "is quarantined with its reason on %s, mailed to no one, and answered as real mail",
    async (_, extra, reason) => {
      const before = (await stored()).length;
      const answer = await send(message(extra()));
      expect(answer.redirect).toBe(SENT);
      expect((await quarantined(answer.id)).reason).toContain(reason);
      expect(await stored()).toHaveLength(before);
      expect(sent).toHaveLength(0);
    },
  );

  it("includes a form sent the moment it was opened, and answers a plain post with the same redirect", async () => {
    const justIssued = await issueFormToken(SECRET);
    const post = await pages(formPostRequest("/contact-us", message({ form_token: justIssued })));
    expect(post.status).toBe(303);
    expect(post.headers.get("location")).toBe("/contact-us?status=sent");
    const reasons = (await heldBack()).map((row) => row.reason);
    expect(reasons.some((reason) => /^sent 0\.\d s after the form was opened/.test(reason))).toBe(true);
    expect(sent).toHaveLength(0);
  });

  it("is not made of a corrected form sent again at once after a refusal without JavaScript", async () => {
    // The person opened the form a minute ago; the refused page hands that form's token back, so
    // the correction, sent a second later, is delivered instead of being held as a script's.
    const opened = nextToken();
    const refused = await pages(
      formPostRequest("/contact-us", message({ email: "not an address", form_token: opened })),
    );
    expect(refused.status).toBe(303);
    const back = await readPage(await pages(pageRequest("/contact-us", cookieSet(refused))));
    const token = back.document.querySelector<HTMLInputElement>('main input[name="form_token"]')?.value;
    expect(token).toBe(opened);
    const before = (await stored()).length;
    const corrected = await pages(formPostRequest("/contact-us", message({ form_token: token ?? "" })));
    expect(corrected.headers.get("location")).toBe("/contact-us?status=sent");
    expect(await stored()).toHaveLength(before + 1);
    expect(sent).toHaveLength(2);
  });

  it("is still made of a refused post's forged token: the page drawn again carries a fresh one", async () => {
    const refused = await pages(
      formPostRequest("/contact-us", message({ email: "not an address", form_token: forgedToken })),
    );
    const back = await readPage(await pages(pageRequest("/contact-us", cookieSet(refused))));
    const token = back.document.querySelector<HTMLInputElement>('main input[name="form_token"]')?.value;
    expect(token).not.toBe(forgedToken);
    expect(token).toMatch(/\S/);
  });

  let forgedToken = "";
  let expiredToken = "";
  beforeAll(async () => {
    forgedToken = await issueFormToken("guessed", new Date(Date.now() - 60_000));
    expiredToken = await issueFormToken(SECRET, new Date(Date.now() - FORM_TOKEN_LIFETIME_MS - 60_000));
  });
});

describe("without RESEND_API_KEY", () => {
  it("keeps both e-mails in the outbox as sent, and nothing leaves", async () => {
    vi.stubEnv("RESEND_API_KEY", "");
    try {
      const { id } = await send(message());
      const kept = await record(id);
      expect(kept.mails.secretariat).toMatchObject({
        status: "sent",
        sentId: `local:contact/${id}/secretariat`,
      });
      expect(kept.mails.acknowledgement?.status).toBe("sent");
      expect(sent).toHaveLength(0);
    } finally {
      vi.stubEnv("RESEND_API_KEY", "re_test_key");
    }
  });
});

describe("the retry job", () => {
  const isPending = async (id: string) =>
    Object.values((await record(id)).mails).some((state) => state.status === "pending");

  it("sends mails left pending exactly once, together in one batch call, under one key", async () => {
    const { default: retryMail } = await import("../../netlify/functions/retry-mail.ts");
    msw.use(resendFails(500));
    const { id } = await send(message());
    expect(await isPending(id)).toBe(true);
    msw.resetHandlers(resendAccepts(sent), resendBatchAccepts(batches));
    batches.length = 0;
    const waiting = (
      await database().selectFrom("outbox").select("id").where("sent_at", "is", null).execute()
    ).length;
    // The job an hour on: past the wait of every mail that failed here (outbox.server.ts).
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 60 * 60_000 });
    try {
      await retryMail();
    } finally {
      vi.useRealTimers();
    }
    expect(await isPending(id)).toBe(false);
    expect(batches).toHaveLength(1);
    expect(batches[0]?.idempotencyKey).toMatch(/^batch\/[0-9a-f]{64}$/);
    // With the mails other tests here left waiting: each once.
    const emails = batches[0]?.emails ?? [];
    expect(emails).toHaveLength(waiting);
    expect(emails.filter((email) => String(email.text).includes(`Question number ${counter} `))).toHaveLength(
      1,
    );
    expect((await record(id)).mails.secretariat).toMatchObject({ status: "sent", attempts: 2 });
    await retryMail();
    expect(batches).toHaveLength(1);
  });

  it("has nothing to retry for a message whose mails went out at once", async () => {
    const { id } = await send(message());
    expect(sent).toHaveLength(2);
    expect(await isPending(id)).toBe(false);
  });
});

describe("when Resend hangs", () => {
  it("answers success within the request's short mail budget, not Resend's, and leaves the mails pending", async () => {
    // Resend's own budget is the longest allowed; the request's is tiny. Before the request had a
    // budget of its own, this answer waited the whole 20 s (past the test's time limit).
    vi.stubEnv("RESEND_TIMEOUT_MS", "20000");
    vi.stubEnv("MAIL_REQUEST_BUDGET_MS", "50");
    try {
      msw.use(resendHangs());
      const { id, redirect } = await send(message());
      expect(redirect).toBe(SENT);
      const kept = await record(id);
      expect(kept.mails.secretariat).toMatchObject({ status: "pending", attempts: 1 });
      expect(kept.mails.secretariat?.lastError).toBe("no answer in 50 ms");
      expect(kept.mails.acknowledgement).toMatchObject({ status: "pending", attempts: 1 });
    } finally {
      vi.stubEnv("RESEND_TIMEOUT_MS", "300");
      vi.stubEnv("MAIL_REQUEST_BUDGET_MS", "2000");
    }
  });

  it("asks for both e-mails at once, so the visitor waits for one timeout, not two", async () => {
    const events: string[] = [];
    msw.use(
      http.post(RESEND_EMAILS, ({ request }) => {
        events.push("arrived");
        request.signal.addEventListener("abort", () => events.push("given up"));
        return new Promise<Response>(() => {});
      }),
    );
    expect((await send(message())).redirect).toBe(SENT);
    // One after the other, the second would arrive only once the first had been given up on.
    expect(events).toEqual(["arrived", "arrived", "given up", "given up"]);
  });
});
