import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { database } from "../../src/server/db/database.server.ts";
import { newsletterLink as makeLink } from "../../src/server/newsletter/newsletter-mails.server.ts";
import { findSubscriber } from "../../src/server/newsletter/subscribers.server.ts";
import { NEWSLETTER_OUTCOMES } from "../../src/shared/newsletter.ts";
import {
  type ContactCall,
  resendAccepts,
  resendContacts,
  resendContactsFail,
  type SentMail,
} from "../mocks/resend.ts";
import { startBlobsServer } from "../support/blobs.ts";
import { startDatabase } from "../support/database.ts";
import { setupMsw } from "../support/msw.ts";
import { pageServer, readData, readPage } from "../support/page-server.ts";
import { cookieSet, formPostRequest, pageRequest, scriptPostRequest } from "../support/requests.ts";

const SECRET = "subscribe-test-secret";
const SEGMENT = "seg_news";
const sent: SentMail[] = [];
const contactCalls: ContactCall[] = [];
const msw = setupMsw(resendAccepts(sent), ...resendContacts(contactCalls));
// PGlite starts in seconds, more on a busy machine.
vi.setConfig({ hookTimeout: 60_000 });
startDatabase();
// Refused no-JS posts are still kept in Blobs (form-flash).
startBlobsServer();

/** The newsletter page and the links' pages, as the site answers them. */
let pages: (request: Request) => Promise<Response>;

beforeAll(async () => {
  pages = await pageServer((path) => path === "newsletter" || path === "newsletter/:action");
  vi.stubEnv("SIGNING_SECRET", SECRET);
  vi.stubEnv("RESEND_API_KEY", "re_test_key");
  vi.stubEnv("RESEND_SEGMENT_ID", SEGMENT);
  vi.stubEnv("URL", "https://www.isgpb.org");
});
afterAll(() => vi.unstubAllEnvs());
beforeEach(() => {
  sent.length = 0;
  contactCalls.length = 0;
});

let counter = 0;
const newAddress = () => `reader${++counter}.${Date.now()}@example.org`;

/** A press of the button on the page an e-mailed link opens (/newsletter/:action?token=…), without JavaScript. */
const pressLink = (link: URL | string) => {
  const url = new URL(link);
  return pages(formPostRequest(`${url.pathname}${url.search}`, {}));
};
/** The footer's Subscribe box as its script posts it: the action's answer (readData). */
const subscribeBox = async (email: string, extra: Record<string, string> = {}, headers: HeadersInit = {}) =>
  readData(
    await pages(scriptPostRequest("/newsletter", { email, reference: "", ...extra }, undefined, headers)),
  );

/** The confirm and unsubscribe links of the last mail sent. */
function linksInLastMail() {
  const text = String(sent.at(-1)?.body.text);
  const link = (action: string) =>
    new URL(new RegExp(`https://www\\.isgpb\\.org/newsletter/${action}\\?token=\\S+`).exec(text)?.[0] ?? "");
  return { confirm: link("confirm"), unsubscribe: link("unsubscribe") };
}

describe("the Subscribe box", () => {
  it("stores the address as pending and e-mails a signed confirm link and an unsubscribe link", async () => {
    const email = newAddress();
    const answer = await subscribeBox(email);
    expect(answer.status).toBe(200);
    expect((answer.data as { message: string }).message).toBe(
      "Almost done: we have sent you an e-mail. Open the link in it to confirm your subscription.",
    );
    expect(await findSubscriber(email)).toMatchObject({ email, status: "pending" });
    expect(sent).toHaveLength(1);
    const mail = sent[0]?.body as { to: string[]; headers: Record<string, string> };
    expect(mail.to).toEqual([email]);
    const { unsubscribe } = linksInLastMail();
    expect(mail.headers["List-Unsubscribe"]).toBe(`<${unsubscribe.href}>`);
    expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(contactCalls).toEqual([]); // nobody joins the segment before confirming
  });

  it("sends one e-mail for the same address twice in a row", async () => {
    const email = newAddress();
    await subscribeBox(email);
    await subscribeBox(email);
    expect(sent).toHaveLength(1);
  });

  it("keeps one subscriber for one address however it is written, even asked for twice at once", async () => {
    const email = newAddress();
    const answers = await Promise.all([subscribeBox(email), subscribeBox(email.toUpperCase())]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const rows = await database()
      .selectFrom("subscribers")
      .select(["email", "status"])
      .where((row) => row(row.fn("lower", ["email"]), "=", email))
      .execute();
    expect(rows).toEqual([
      { email: expect.stringMatching(new RegExp(`^${email}$`, "i")), status: "pending" },
    ]);
  });

  it("is the Subscribe box's own form: a plain post goes to the newsletter page that says what happened", async () => {
    const post = await pages(formPostRequest("/newsletter", { email: newAddress(), reference: "" }));
    expect(post.status).toBe(303);
    expect(post.headers.get("location")).toBe("/newsletter?status=pending");
    const { document } = await readPage(await pages(pageRequest("/newsletter?status=pending")));
    expect(document.querySelector('main [role="status"]')?.textContent).toBe(NEWSLETTER_OUTCOMES.pending);
  });

  it("with JavaScript, answers the box where it is: the reader stays on their page", async () => {
    const answer = await readData(
      await pages(scriptPostRequest("/newsletter", { email: newAddress(), reference: "" })),
    );
    expect(answer.status).toBe(200);
    expect(answer.redirect).toBeUndefined();
    expect(answer.data).toEqual({
      ok: true,
      form: "subscribe",
      message: "Almost done: we have sent you an e-mail. Open the link in it to confirm your subscription.",
    });
  });

  it("refuses an address that is not one: 400 for the script, the invalid page for a form", async () => {
    const refused = await subscribeBox("not an address");
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      message: "Please enter a valid e-mail address.",
      errors: { email: "Enter a valid e-mail address" },
    });
    // Without JavaScript the page comes back with the box filled in as typed and the error beside it.
    const typed = 'x"><script>\r\nBcc:y@example.org';
    const form = await pages(formPostRequest("/newsletter", { email: typed, reference: "" }));
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toBe("/newsletter#subscribe-error-summary");
    const back = await pages(pageRequest("/newsletter", cookieSet(form)));
    const { html, document } = await readPage(back);
    const box = document.querySelector('footer form[action="/newsletter"]');
    expect(box?.querySelector('[role="status"]')?.textContent).toBe(
      "E-mail address must be a single line of plain text",
    );
    const input = box?.querySelector("input[name=email]");
    expect(input?.getAttribute("aria-invalid")).toBe("true");
    // As typed (an HTML parser reads its CR LF as one line break).
    expect(input?.getAttribute("value")).toBe(typed.replace("\r\n", "\n"));
    // What was typed goes back to the page as data only, escaped, never as markup.
    expect(html).not.toContain('x"><script>');
    expect(sent).toHaveLength(0);
    // With JavaScript the box is told beside the field.
    const script = await readData(
      await pages(scriptPostRequest("/newsletter", { email: typed, reference: "" })),
    );
    expect(script.status).toBe(400);
    expect(script.data).toMatchObject({
      form: "subscribe",
      errors: { email: "E-mail address must be a single line of plain text" },
      values: { email: typed },
    });
  });

  it("quarantines a filled honeypot, sends nothing, and answers as usual", async () => {
    const email = newAddress();
    const answer = await subscribeBox(email, { reference: "spam" });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ ok: true, message: NEWSLETTER_OUTCOMES.pending });
    expect(sent).toHaveLength(0);
    expect(await findSubscriber(email)).toBeNull();
    const held = await database()
      .selectFrom("held_submissions")
      .select("data")
      .where("kind", "=", "subscribe")
      .execute();
    expect(held.map((row) => row.data)).toContainEqual(expect.objectContaining({ email }));
  });

  it("refuses a browser's cross-site post, which would mail an address from a visitor's IP", async () => {
    const email = newAddress();
    const answer = await subscribeBox(
      email,
      {},
      { "sec-fetch-site": "cross-site", origin: "https://evil.example" },
    );
    expect(answer.status).toBe(403);
    expect(await findSubscriber(email)).toBeNull();
    expect(sent).toHaveLength(0);
  });

  it("answers 415, 413 and 405 like the other forms", async () => {
    expect((await subscribeBox("a@example.org", {}, { "content-type": "text/plain" })).status).toBe(415);
    expect((await subscribeBox("a@example.org", { pad: "x".repeat(3000) })).status).toBe(413);
    const put = await pages(pageRequest("/newsletter", undefined, { method: "PUT" }));
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, HEAD, POST");
  });
});

describe("confirming and unsubscribing", () => {
  it("confirms from the link's page, adds the address to the Resend segment, and stops re-sending", async () => {
    const email = newAddress();
    await subscribeBox(email);
    const { confirm } = linksInLastMail();
    const response = await pressLink(confirm);
    expect(response.headers.get("location")).toBe("/newsletter?status=confirmed");
    const { document } = await readPage(await pages(pageRequest("/newsletter?status=confirmed")));
    expect(document.querySelector('main [role="status"]')?.textContent).toBe(
      "Thank you: your subscription is confirmed. News from the society will reach your inbox.",
    );
    expect(await findSubscriber(email)).toMatchObject({ status: "subscribed", segmentSynced: true });
    expect(contactCalls).toEqual([
      {
        method: "POST",
        path: "/contacts",
        body: expect.objectContaining({ email, unsubscribed: false, segments: [{ id: SEGMENT }] }),
      },
    ]);
    sent.length = 0;
    await subscribeBox(email); // already subscribed: same answer, no new e-mail
    expect(sent).toHaveLength(0);
  });

  it("unsubscribes with a mail program's one-click POST to the link", async () => {
    const email = newAddress();
    await subscribeBox(email);
    const { unsubscribe } = linksInLastMail();
    // A mail program posts from its own servers: no Origin, no Sec-Fetch-* headers, no cookie.
    const response = await pages(
      new Request(unsubscribe.href, {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/newsletter?status=unsubscribed");
    expect(await findSubscriber(email)).toMatchObject({ status: "unsubscribed" });
    expect(contactCalls.at(-1)).toMatchObject({
      method: "PATCH",
      path: `/contacts/${encodeURIComponent(email).replace("%40", "@")}`,
      body: { unsubscribed: true },
    });
  });

  it("refuses a tampered, expired or swapped link", async () => {
    const email = newAddress();
    const expired = await makeLink(
      "confirm",
      email,
      "https://www.isgpb.org",
      SECRET,
      new Date(Date.now() - 8 * 86_400_000),
    );
    const swapped = await makeLink("unsubscribe", email, "https://www.isgpb.org", SECRET);
    const forged = await makeLink("confirm", email, "https://www.isgpb.org", "guessed");
    // Swapped: the unsubscribe link's token, pressed on the confirm page.
    const swappedToConfirm = `/newsletter/confirm${new URL(swapped).search}`;
    for (const link of [expired, `https://www.isgpb.org${swappedToConfirm}`, forged]) {
      const form = await pressLink(link);
      expect(form.status).toBe(303);
      expect(form.headers.get("location")).toBe("/newsletter?status=link");
    }
    const { document } = await readPage(await pages(pageRequest("/newsletter?status=link")));
    expect(document.querySelector('main [role="status"]')?.textContent).toBe(
      "This link has expired or is not valid. You can subscribe again below.",
    );
    expect(await findSubscriber(email)).toBeNull();
  });

  it("leaves the segment change for the retry job when Resend is down", async () => {
    const email = newAddress();
    await subscribeBox(email);
    const { confirm } = linksInLastMail();
    msw.use(resendContactsFail());
    const response = await pressLink(confirm);
    expect(response.headers.get("location")).toBe("/newsletter?status=confirmed");
    expect(await findSubscriber(email)).toMatchObject({ status: "subscribed", segmentSynced: false });
    msw.resetHandlers(resendAccepts(sent), ...resendContacts(contactCalls));
    const { default: retryMail } = await import("../../netlify/functions/retry-mail.ts");
    await retryMail();
    expect(await findSubscriber(email)).toMatchObject({ segmentSynced: true });
    expect(contactCalls.some((call) => call.body?.email === email)).toBe(true);
  });

  it("refuses a cross-site post of a link's token, and keeps the subscription as it was", async () => {
    const email = newAddress();
    await subscribeBox(email);
    const { confirm } = linksInLastMail();
    const page = await pages(
      formPostRequest(`${confirm.pathname}${confirm.search}`, {}, undefined, {
        "sec-fetch-site": "cross-site",
      }),
    );
    expect(page.status).toBe(403);
    expect((await findSubscriber(email))?.status).toBe("pending");
  });

  it("answers 404 to an unknown action", async () => {
    expect((await pages(formPostRequest("/newsletter/delete", {}))).status).toBe(404);
  });
});
