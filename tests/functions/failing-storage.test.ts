import { createServer, type Server } from "node:http";
import { setEnvironmentContext } from "@netlify/blobs";
import { HttpResponse, http } from "msw";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import approveForm from "../../netlify/functions/approve-payment-form.ts";
import contact from "../../netlify/functions/contact.ts";
import { PaymentApproval } from "../../src/features/account/payment-approval-view.tsx";
import { ContactForm } from "../../src/features/contact/contact-form.tsx";
import { approvalUrl } from "../../src/server/membership/payment-approval.server.ts";
import { issueFormToken } from "../../src/server/spam/form-guard.server.ts";
import { resendAccepts, type SentMail } from "../mocks/resend.ts";
import { setupMsw } from "../support/msw.ts";

/** Blobs that fail every request, as the platform's storage does when it is down. */
let broken: Server;
const sent: SentMail[] = [];
const SECRET = "storage-test-secret";
const page = `<!doctype html><html><head><title>Contact Us</title><script type="module" src="/assets/entry.js"></script></head><body><main id="main"><h1>Contact Us</h1>${renderToString(
  createElement(MemoryRouter, null, createElement(ContactForm, { returned: null })),
)}</main></body></html>`;

const approvalPage = `<!doctype html><html><head><title>Confirm a Payment</title></head><body><main id="main"><h1>Confirm a Payment</h1>${renderToString(
  createElement(MemoryRouter, null, createElement(PaymentApproval, { token: null })),
)}</main></body></html>`;

setupMsw(
  resendAccepts(sent),
  http.get("http://localhost/contact-us", () => HttpResponse.html(page)),
  http.get("http://localhost/approve-payment", () => HttpResponse.html(approvalPage)),
);

beforeAll(async () => {
  broken = createServer((_req, res) => {
    res.statusCode = 500;
    res.end("BlobsInternalError at /var/task/node_modules/@netlify/blobs/dist/main.js:1:1");
  });
  await new Promise<void>((resolve) => broken.listen(0, "127.0.0.1", resolve));
  const address = broken.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  setEnvironmentContext({ siteID: "test-site", token: "t", edgeURL: url, uncachedEdgeURL: url });
  vi.stubEnv("SIGNING_SECRET", SECRET);
  vi.stubEnv("RESEND_API_KEY", "re_test_key");
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise((resolve) => broken.close(resolve));
});

const message = async () => ({
  first_name: "Meera",
  last_name: "Iyer",
  email: "meera@example.org",
  phone_number: "",
  message: "A question <about> fees",
  reference: "",
  form_token: await issueFormToken(SECRET, new Date(Date.now() - 60_000)),
});

const post = (body: string, type: string) =>
  contact(
    new Request("http://localhost/api/contact", { method: "POST", body, headers: { "content-type": type } }),
  );

describe("POST /api/contact while storage fails", () => {
  it("answers its own JSON 503 with Retry-After, no stack or path, and claims no send", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await post(JSON.stringify(await message()), "application/json");
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("30");
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const body = await response.text();
    expect(JSON.parse(body).error).toMatch(/not sent/);
    expect(body).not.toMatch(/node_modules|\/var\/task|at .*:\d+:\d+/);
    expect(sent).toHaveLength(0);
    // The failure is logged for the site's owners, once, in one line without the visitor's words.
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]?.[0])).toMatch(/^POST \/api\/contact failed: /);
    expect(String(errors.mock.calls[0]?.[0])).not.toContain("fees");
    errors.mockRestore();
  });

  it("gives a plain post the contact page back as typed, saying the message was not sent", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await post(
      new URLSearchParams(await message()).toString(),
      "application/x-www-form-urlencoded",
    );
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("30");
    const html = await response.text();
    expect(html).toContain("Your message was not sent");
    expect(html).toMatch(/<textarea[^>]*name="message"[^>]*>A question &lt;about&gt; fees<\/textarea>/);
    expect(html).toMatch(/<input[^>]*name="email"[^>]*value="meera@example.org"/);
    expect(html).not.toContain("<script");
    expect(errors).toHaveBeenCalledTimes(1);
    errors.mockRestore();
  });
});

describe("POST /approve-payment while storage fails", () => {
  it("gives the page back with the amount as typed, saying nothing was recorded", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const link = await approvalUrl("http://localhost", SECRET, {
      account: "a".repeat(64),
      application: "EN-00AB12CD34",
    });
    const response = await approveForm(
      new Request(link, {
        method: "POST",
        body: "amount=1%2C500",
        headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
      }),
    );
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("30");
    const html = await response.text();
    expect(html).toContain("Nothing was recorded");
    expect(html).toMatch(/<input[^>]*name="amount"[^>]*value="1,500"/);
    expect(html).not.toContain("<script");
    expect(sent).toHaveLength(0);
    expect(errors).toHaveBeenCalledTimes(1);
    errors.mockRestore();
  });
});
