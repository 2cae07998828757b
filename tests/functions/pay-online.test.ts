import { createServer } from "node:net";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import webhook from "../../netlify/functions/razorpay-webhook.ts";
import { type Account, getAccount } from "../../src/server/account/accounts.server.ts";
import { database } from "../../src/server/db/database.server.ts";
import { membershipOf } from "../../src/server/membership/membership.server.ts";
import { checkoutResult, FakeRazorpay, TEST_KEYS } from "../mocks/razorpay.ts";
import { resendAccepts, type SentMail } from "../mocks/resend.ts";
import { startBlobsServer } from "../support/blobs.ts";
import { allowConsole, expectConsole } from "../support/console.ts";
import { startDatabase } from "../support/database.ts";
import { withFeesGiven } from "../support/membership-fees.ts";
import { setupMsw } from "../support/msw.ts";
import { pageServer, readPage } from "../support/page-server.ts";
import { formPostRequest, ORIGIN, pageRequest } from "../support/requests.ts";
import { cookieFor, makeAccount } from "../support/secretariat.ts";

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });
const razorpay = new FakeRazorpay();
const sent: SentMail[] = [];
setupMsw(resendAccepts(sent), ...razorpay.handlers());
startDatabase();
startBlobsServer();
allowConsole("warn", /SIGNING_SECRET is unset/);

let pages: (request: Request) => Promise<Response>;
beforeAll(async () => {
  pages = await pageServer((path) => ["pay", "account", "sign-up"].includes(path));
  vi.stubEnv("RESEND_API_KEY", "re_test_key");
});
const withKeys = () => {
  for (const [name, value] of Object.entries(TEST_KEYS)) vi.stubEnv(name, value);
};
beforeEach(() => {
  withKeys();
  sent.length = 0;
  razorpay.failWith = null;
});

let serial = 0;
const applicant = () => makeAccount(`member${++serial}@example.org`);
const referenceOf = (account: Account) => membershipOf(account).next?.reference ?? "";

/** 'Pay online' pressed (a plain post from the account page): where it leads. */
async function pressPayOnline(account: Account): Promise<string> {
  const answer = await pages(formPostRequest("/pay", { reference: referenceOf(account) }));
  expect(answer.status).toBe(303);
  return answer.headers.get("location") ?? "";
}

const orderIdOf = (location: string) => new URL(location, ORIGIN).searchParams.get("order") ?? "";

/** Razorpay's hosted page posting its result back: a plain post from Razorpay's own site. */
const returnFromRazorpay = (fields: Record<string, string>) =>
  pages(
    formPostRequest("/pay?return=checkout", fields, undefined, {
      origin: "https://api.razorpay.com",
      "sec-fetch-site": "cross-site",
    }),
  );

const postWebhook = (delivery: { body: string | Buffer; headers: Record<string, string> }) =>
  webhook(
    new Request(`${ORIGIN}/api/razorpay-webhook`, {
      method: "POST",
      headers: delivery.headers,
      body: typeof delivery.body === "string" ? delivery.body : new Uint8Array(delivery.body),
    }),
  );

const paymentsOf = (account: Account) =>
  database()
    .selectFrom("payments")
    .select(["reference", "amount", "source", "razorpay_payment_id"])
    .where("account_id", "=", account.key)
    .execute();

const stateOn = async (location: string) => {
  const page = await readPage(await pages(pageRequest(location)));
  return { ...page, state: page.document.querySelector("[data-pay-state]")?.getAttribute("data-pay-state") };
};

describe("without Razorpay's keys", () => {
  it("offers the offline ways only, says nothing of paying online, and has no payment page", async () => {
    withFeesGiven();
    for (const name of Object.keys(TEST_KEYS)) vi.stubEnv(name, "");
    const account = await applicant();
    const page = await readPage(await pages(pageRequest("/account", await cookieFor(account))));
    expect(page.text).toContain("By bank transfer");
    expect(page.text).not.toMatch(/online|Razorpay/i);
    expect((await pages(pageRequest("/pay?order=order_Anything000001"))).status).toBe(404);
    expect((await pages(formPostRequest("/pay", { reference: referenceOf(account) }))).status).toBe(404);
    expect(await database().selectFrom("payment_orders").selectAll().execute()).toEqual([]);
  });
});

describe("Pay online", () => {
  it("is offered beside the bank and UPI on the account page, and on the enrolment's confirmation", async () => {
    withFeesGiven();
    const account = await applicant();
    const answer = await pages(pageRequest("/account", await cookieFor(account)));
    const page = await readPage(answer);
    const button = page.document.querySelector("form[action='/pay'] button");
    expect(button?.textContent).toBe("Pay ₹1,200 online");
    expect(
      page.document.querySelector("form[action='/pay'] input[name=reference]")?.getAttribute("value"),
    ).toBe(referenceOf(account));
    expect(page.text).toContain("By bank transfer");
    expect(page.text).toContain("By UPI");
    // Razorpay is allowed on the payment page only.
    expect(answer.headers.get("content-security-policy")).not.toContain("razorpay");
    const receipt = await readPage(
      await pages(pageRequest(`/sign-up?status=sent&id=${account.applicationId}&type=1`)),
    );
    expect(receipt.document.querySelector("form[action='/pay'] button")?.textContent).toBe(
      "Pay ₹1,200 online",
    );
  });

  it("says a fee still to be announced cannot be paid online, and makes no order for it", async () => {
    const account = await applicant();
    const page = await readPage(await pages(pageRequest("/account", await cookieFor(account))));
    expect(page.document.querySelector("[data-pay-online-note]")?.textContent).toMatch(
      /cannot be made online/,
    );
    expect(page.document.querySelector("form[action='/pay']")).toBeNull();
    const location = await pressPayOnline(account);
    expect(location).toBe("/pay?problem=to-be-announced");
    expect((await readPage(await pages(pageRequest(location)))).text).toContain("has not been announced");
    expect(razorpay.calls.filter((call) => call.path === "/orders")).toHaveLength(0);
  });

  it("makes one order for the payment due, with the server's amount and the reference as its receipt", async () => {
    withFeesGiven();
    const account = await applicant();
    const location = await pressPayOnline(account);
    const again = await pressPayOnline(account);
    expect(orderIdOf(again)).toBe(orderIdOf(location));
    const order = razorpay.orders.get(orderIdOf(location));
    expect(order).toMatchObject({ amount: 120_000, currency: "INR", receipt: referenceOf(account) });
    const answer = await pages(pageRequest(location));
    const page = await readPage(answer);
    expect(page.document.querySelector("[data-payment-amount]")?.textContent).toBe("₹1,200");
    const form = page.document.querySelector("form[action='https://api.razorpay.com/v1/checkout/embedded']");
    expect(form?.querySelector("input[name=order_id]")?.getAttribute("value")).toBe(order?.id);
    expect(form?.querySelector("input[name=key_id]")?.getAttribute("value")).toBe(TEST_KEYS.RAZORPAY_KEY_ID);
    expect(page.html).not.toContain(TEST_KEYS.RAZORPAY_KEY_SECRET);
    expect(page.html).not.toContain(TEST_KEYS.RAZORPAY_WEBHOOK_SECRET);
    const csp = answer.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src [^;]*https:\/\/checkout\.razorpay\.com/);
    expect(csp).toMatch(/form-action 'self' https:\/\/api\.razorpay\.com/);
  });

  it("refuses a press from another site, and a reference that is not due", async () => {
    withFeesGiven();
    const account = await applicant();
    const crossSite = await pages(
      formPostRequest("/pay", { reference: referenceOf(account) }, undefined, {
        origin: "https://elsewhere.example",
        "sec-fetch-site": "cross-site",
      }),
    );
    expect(crossSite.status).toBe(403);
    const notDue = await pages(
      formPostRequest("/pay", { reference: `${referenceOf(account).slice(0, -7)}2031-32` }),
    );
    expect(notDue.headers.get("location")).toBe("/pay?problem=not-due");
  });

  it("tells the member when Razorpay cannot be reached, and charges nothing", async () => {
    withFeesGiven();
    expectConsole("warn", /pay online: Razorpay refused the order \(500\)/);
    razorpay.failWith = 500;
    const account = await applicant();
    expect(await pressPayOnline(account)).toBe("/pay?problem=unavailable");
  });
});

describe("the checkout's return", () => {
  it("with Razorpay's signature records the payment Razorpay confirms, and the page says it is paid", async () => {
    withFeesGiven();
    const account = await applicant();
    const orderId = orderIdOf(await pressPayOnline(account));
    const { payment, checkout } = razorpay.pay(orderId);
    const answer = await returnFromRazorpay(checkout);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(`/pay?order=${orderId}`);
    expect((await stateOn(`/pay?order=${orderId}`)).state).toBe("paid");
    expect(await paymentsOf(account)).toEqual([
      { reference: referenceOf(account), amount: 1200, source: "online", razorpay_payment_id: payment.id },
    ]);
    expect(((await getAccount(account.key)) as Account).status).toBe("active");
    // The webhook after the return changes nothing.
    const late = await postWebhook(razorpay.webhook(payment));
    expect(await late.json()).toEqual({ outcome: "already" });
    expect(sent).toHaveLength(1);
  });

  it("with a wrong signature records nothing", async () => {
    withFeesGiven();
    const account = await applicant();
    const orderId = orderIdOf(await pressPayOnline(account));
    const { checkout } = razorpay.pay(orderId);
    const forged = checkoutResult(orderId, checkout.razorpay_payment_id, "not the key secret");
    const answer = await returnFromRazorpay(forged);
    expect(answer.headers.get("location")).toBe("/pay?problem=unverified");
    expect(await paymentsOf(account)).toEqual([]);
  });

  it("before Razorpay confirms says 'confirming' and refreshes, then shows it paid once the webhook lands", async () => {
    withFeesGiven();
    expectConsole("warn", /checkout return: Razorpay refused the payment's details \(502\)/);
    const account = await applicant();
    const orderId = orderIdOf(await pressPayOnline(account));
    const { payment, checkout } = razorpay.pay(orderId);
    razorpay.failWith = 502;
    await returnFromRazorpay(checkout);
    const waiting = await stateOn(`/pay?order=${orderId}`);
    expect(waiting.state).toBe("confirming");
    expect(waiting.document.querySelector("meta[http-equiv=refresh]")?.getAttribute("content")).toBe("5");
    expect(waiting.text).toContain("Payment received, confirming");
    expect(await paymentsOf(account)).toEqual([]);
    razorpay.failWith = null;
    expect(await (await postWebhook(razorpay.webhook(payment))).json()).toEqual({ outcome: "recorded" });
    expect((await stateOn(`/pay?order=${orderId}`)).state).toBe("paid");
  });

  it("after the webhook finds the payment recorded and shows the same result", async () => {
    withFeesGiven();
    const account = await applicant();
    const orderId = orderIdOf(await pressPayOnline(account));
    const { payment, checkout } = razorpay.pay(orderId);
    expect(await (await postWebhook(razorpay.webhook(payment))).json()).toEqual({ outcome: "recorded" });
    await returnFromRazorpay(checkout);
    expect((await stateOn(`/pay?order=${orderId}`)).state).toBe("paid");
    expect(await paymentsOf(account)).toHaveLength(1);
    expect(sent).toHaveLength(1);
  });

  it("and the webhook at the same moment record one payment", async () => {
    withFeesGiven();
    const account = await applicant();
    const orderId = orderIdOf(await pressPayOnline(account));
    const { payment, checkout } = razorpay.pay(orderId);
    await Promise.all([returnFromRazorpay(checkout), postWebhook(razorpay.webhook(payment))]);
    expect(await paymentsOf(account)).toHaveLength(1);
    expect(sent).toHaveLength(1);
    const audit = await database()
      .selectFrom("audit_log")
      .select("summary")
      .where("account_id", "=", account.key)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it("of a failed payment leaves it due, and the page says so with a way to try again", async () => {
    withFeesGiven();
    const account = await applicant();
    const orderId = orderIdOf(await pressPayOnline(account));
    const answer = await returnFromRazorpay({
      "error[code]": "BAD_REQUEST_ERROR",
      "error[description]": "Payment failed",
      "error[source]": "customer",
      "error[step]": "payment_authentication",
      "error[reason]": "payment_failed",
      "error[metadata]": JSON.stringify({ payment_id: "pay_FailedAttempt01", order_id: orderId }),
    });
    expect(answer.headers.get("location")).toBe(`/pay?order=${orderId}&outcome=failed`);
    const page = await stateOn(`/pay?order=${orderId}&outcome=failed`);
    expect(page.state).toBe("failed");
    expect(page.document.querySelector("[data-pay-button]")?.textContent).toBe("Try again: pay ₹1,200");
    const cancelled = await stateOn(`/pay?order=${orderId}&outcome=cancelled`);
    expect(cancelled.state).toBe("cancelled");
    expect(((await getAccount(account.key)) as Account).status).toBe("pending-payment");
    const panel = await readPage(await pages(pageRequest("/account", await cookieFor(account))));
    expect(panel.document.querySelector("form[action='/pay'] button")?.textContent).toBe("Pay ₹1,200 online");
  });
});

describe("while the records cannot be reached", () => {
  it("the checkout's return and the webhook answer 503 with no trace, and the webhook's retry records it after", async () => {
    withFeesGiven();
    const account = await applicant();
    const orderId = orderIdOf(await pressPayOnline(account));
    const { payment, checkout } = razorpay.pay(orderId);
    const working = process.env.NETLIFY_DB_URL ?? "";
    const freed = createServer();
    await new Promise<void>((resolve) => freed.listen(0, "127.0.0.1", resolve));
    const port = (freed.address() as { port: number }).port;
    await new Promise((resolve) => freed.close(resolve));
    vi.stubEnv("NETLIFY_DB_URL", `postgres://postgres@127.0.0.1:${port}/postgres?sslmode=disable`);
    vi.stubEnv("DATABASE_TIMEOUT_MS", "200");
    expectConsole("warn", /checkout return: /);
    expectConsole("error", /POST \/api\/razorpay-webhook failed/);
    const delivery = razorpay.webhook(payment);
    try {
      const answer = await returnFromRazorpay(checkout);
      expect(answer.status).toBe(503);
      expect(await answer.text()).not.toMatch(/at .*\.ts:\d+|ECONNREFUSED/);
      const refused = await postWebhook(delivery);
      expect(refused.status).toBe(503);
    } finally {
      vi.stubEnv("NETLIFY_DB_URL", working);
      vi.stubEnv("DATABASE_TIMEOUT_MS", "4000");
    }
    // Razorpay retries the same event: recorded now, once.
    expect(await (await postWebhook(delivery)).json()).toEqual({ outcome: "recorded" });
    expect(await paymentsOf(account)).toHaveLength(1);
  });
});
