import { createHmac, randomBytes } from "node:crypto";
import type { Page, Route } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { accountKey } from "../../src/server/account/accounts.server.ts";
import { database } from "../../src/server/db/database.server.ts";
import { membershipContent } from "../../src/server/membership/membership-content.server.ts";
import { renderReceiptPdf } from "../../src/server/receipts/receipt-pdf.server.ts";
import { dayInIndia, financialYearLabel, financialYearOf } from "../../src/shared/membership/calendar.ts";
import { paymentReference } from "../../src/shared/membership/reference.ts";
import { seriousAxeViolations, waitForHydration } from "./browser.ts";
import { expect, type Site, test } from "./fixtures.ts";

/**
 * Paying online in the browser (decision 0052), with and without JavaScript, on the built site.
 * Razorpay is not reachable from here, so the browser's side of it is played by route
 * interception: Standard Checkout's script (a stand-in that opens no window and hands the page's
 * handler a payment it gets signed by the test) and the hosted checkout's page (a stand-in whose
 * button posts the signed result to the callback, from Razorpay's own address). Razorpay's API
 * does not answer the site either, so a return always waits for the webhook ("confirming"), which
 * the test then posts, signed, as Razorpay would; the page updates by itself when it lands.
 * The fees are still to be announced in the embedded content, so the order (for ₹1,200) is
 * written into the records as "Pay online" would have written it.
 */
const KEYS = {
  RAZORPAY_KEY_ID: "rzp_test_E2eIsgpbKey001",
  RAZORPAY_KEY_SECRET: "e2e_key_secret",
  RAZORPAY_WEBHOOK_SECRET: "e2e_webhook_secret",
  // Razorpay's API is out of reach here: the return gives up on it soon and waits for the webhook.
  RAZORPAY_TIMEOUT_MS: "1500",
};

const id14 = () => randomBytes(10).toString("base64url").replace(/[-_]/g, "x").slice(0, 14);
const content = membershipContent();
const start = content.calendar.financialYearStartMonth;
const JOURNEY = 120_000;

/** An applicant and the order 'Pay online' made for their application's ₹1,200. */
async function applicantWithOrder(): Promise<{ accountId: string; orderId: string; reference: string }> {
  const email = `payer.${Date.now()}.${id14()}@example.org`;
  const applicationId = `EN-${accountKey(email).slice(0, 10).toUpperCase()}`;
  const period = financialYearLabel(financialYearOf(dayInIndia(new Date()), start), start);
  const reference = paymentReference(applicationId, period);
  const account = await database()
    .insertInto("accounts")
    .values({
      email,
      name: "Kavya Rangan",
      membership: "1",
      application_id: applicationId,
      submission_id: "",
      submitted_at: new Date(Date.now() - 3_600_000),
      status: "pending-payment",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const orderId = `order_${id14()}`;
  await database()
    .insertInto("payment_orders")
    .values({
      id: orderId,
      account_id: account.id,
      reference,
      amount: 120_000,
      currency: "INR",
      kind: "application",
      created_at: new Date(),
    })
    .execute();
  return { accountId: account.id, orderId, reference };
}

/** Razorpay takes the payment: its id and the checkout's signature of `order|payment`. */
function razorpayPays(orderId: string) {
  const paymentId = `pay_${id14()}`;
  const signature = createHmac("sha256", KEYS.RAZORPAY_KEY_SECRET)
    .update(`${orderId}|${paymentId}`)
    .digest("hex");
  return { razorpay_payment_id: paymentId, razorpay_order_id: orderId, razorpay_signature: signature };
}

/** Razorpay's webhook for the captured payment, signed over its raw body. */
async function razorpayConfirms(site: Site, orderId: string, paymentId: string): Promise<string> {
  const body = JSON.stringify({
    entity: "event",
    account_id: "acc_E2eSociety00001",
    event: "payment.captured",
    contains: ["payment"],
    payload: {
      payment: {
        entity: {
          id: paymentId,
          entity: "payment",
          amount: 120_000,
          currency: "INR",
          status: "captured",
          order_id: orderId,
          method: "upi",
          captured: true,
          created_at: Math.floor(Date.now() / 1000),
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  });
  const response = await fetch(`${site.url}/api/razorpay-webhook`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-razorpay-signature": createHmac("sha256", KEYS.RAZORPAY_WEBHOOK_SECRET).update(body).digest("hex"),
      "x-razorpay-event-id": `evt_${id14()}`,
    },
    body,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { outcome: string }).outcome;
}

const paymentsOf = (accountId: string) =>
  database()
    .selectFrom("payments")
    .select(["amount", "source", "razorpay_payment_id"])
    .where("account_id", "=", accountId)
    .execute();

/**
 * The receipt the payment got: its number in the year's series, and the PDF the mail that told of
 * the payment carries, drawn as the sender draws it.
 */
async function receiptOf(accountId: string): Promise<{ number: string; pdfTitle: string | undefined }> {
  const { number } = await database()
    .selectFrom("receipts")
    .select("number")
    .where("account_id", "=", accountId)
    .executeTakeFirstOrThrow();
  const rows = await database().selectFrom("outbox").select("mail").execute();
  const attached = rows
    .flatMap(({ mail }) => mail.attachments ?? [])
    .find((attachment) => attachment.receipt.number === number);
  const pdf = attached ? await PDFDocument.load(await renderReceiptPdf(attached.receipt)) : null;
  return { number, pdfTitle: pdf?.getTitle() };
}

/** Requests the page made to Razorpay's hosts, by URL. */
function razorpayRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (/razorpay\.com/.test(request.url())) seen.push(request.url());
  });
  return seen;
}

/** A stand-in for checkout.js: records what it was given, and pays through the test when opened. */
const FAKE_CHECKOUT_JS = `
window.Razorpay = class {
  constructor(options) { this.options = options; }
  on() {}
  open() {
    var options = this.options;
    var asked = new URLSearchParams({ order_id: options.order_id, key: options.key, given: Object.keys(options).sort().join(",") });
    fetch("https://api.razorpay.com/test-stand-in/pay?" + asked)
      .then(function (answer) { return answer.json(); })
      .then(function (result) { options.handler(result); });
  }
};`;

test.describe("paying online", () => {
  // The site is served from this worker's process, and reads its environment per request: the keys
  // are set for these tests only, and taken away after them, so the worker's other files see a
  // site without online payment, as a fresh clone is.
  const before = Object.fromEntries(Object.keys(KEYS).map((name) => [name, process.env[name]]));
  test.beforeAll(() => {
    Object.assign(process.env, KEYS);
  });
  test.afterAll(() => {
    for (const [name, value] of Object.entries(before))
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  });

  test("with JavaScript: a press loads Razorpay's checkout then, its result comes back 'confirming', and the page shows it paid when the webhook lands", async ({
    page,
    site,
  }) => {
    test.setTimeout(JOURNEY);
    await page.setViewportSize({ width: 360, height: 740 });
    const { accountId, orderId, reference } = await applicantWithOrder();
    const toRazorpay = razorpayRequests(page);
    let paid: ReturnType<typeof razorpayPays> | null = null;
    let given: URLSearchParams | null = null;
    await page.route("https://checkout.razorpay.com/v1/checkout.js", (route) =>
      route.fulfill({ contentType: "application/javascript", body: FAKE_CHECKOUT_JS }),
    );
    await page.route("https://api.razorpay.com/test-stand-in/pay**", (route: Route) => {
      given = new URL(route.request().url()).searchParams;
      paid = razorpayPays(given.get("order_id") ?? "");
      return route.fulfill({ json: paid, headers: { "access-control-allow-origin": "*" } });
    });

    await page.goto(`/pay?order=${orderId}`);
    await waitForHydration(page);
    await expect(page.locator("[data-payment-reference]")).toHaveText(reference);
    await expect(page.locator("[data-payment-amount]")).toHaveText("₹1,200");
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Nothing of Razorpay's is loaded before the press.
    expect(toRazorpay).toEqual([]);

    await page.getByRole("button", { name: "Pay ₹1,200" }).click();
    await page.getByText("Payment received, confirming").waitFor();
    expect(toRazorpay[0]).toBe("https://checkout.razorpay.com/v1/checkout.js");
    // The checkout is given the key id and the order, never a secret or an amount of the page's.
    const asked = given as URLSearchParams | null;
    expect(asked?.get("given")).toBe("description,handler,key,modal,name,order_id");
    expect(asked?.get("key")).toBe(KEYS.RAZORPAY_KEY_ID);
    expect(asked?.get("order_id")).toBe(orderId);
    expect(await paymentsOf(accountId)).toEqual([]);

    const payment = (paid as ReturnType<typeof razorpayPays> | null)?.razorpay_payment_id ?? "";
    expect(await razorpayConfirms(site, orderId, payment)).toBe("recorded");
    await page.getByText("Payment received, thank you").waitFor({ timeout: 15_000 });
    expect(await paymentsOf(accountId)).toEqual([
      { amount: 1200, source: "online", razorpay_payment_id: payment },
    ]);
    const receipt = await receiptOf(accountId);
    expect(receipt.number).toMatch(/^ISGPB\/\d{4}-\d{2}\/\d{6}$/);
    expect(receipt.pdfTitle).toBe(`Receipt ${receipt.number}`);
  });

  test("without JavaScript: the button opens Razorpay's hosted page, its return waits for the webhook, and the page refreshes to paid", {
    tag: "@no-js",
  }, async ({ page, site }) => {
    test.setTimeout(JOURNEY);
    const { accountId, orderId } = await applicantWithOrder();
    let paid: ReturnType<typeof razorpayPays> | null = null;
    // Razorpay's hosted checkout: the form posted to it (key, order, callback), and a page whose
    // button posts the signed result back to the callback, from Razorpay's own address.
    await page.route("https://api.razorpay.com/v1/checkout/embedded", (route) => {
      const posted = new URLSearchParams(route.request().postData() ?? "");
      expect(posted.get("key_id")).toBe(KEYS.RAZORPAY_KEY_ID);
      expect(posted.get("order_id")).toBe(orderId);
      paid = razorpayPays(posted.get("order_id") ?? "");
      const fields = Object.entries(paid)
        .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
        .join("");
      return route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><html lang="en"><title>Razorpay</title><main><form method="post" action="${posted.get("callback_url")}">${fields}<button>Complete payment</button></form></main></html>`,
      });
    });

    // (axe runs in the page: the test with JavaScript checks this page with it, at 360 px.)
    await page.goto(`/pay?order=${orderId}`);
    await page.getByRole("button", { name: "Pay ₹1,200" }).click();
    await page.getByRole("button", { name: "Complete payment" }).click();
    await page.waitForURL(`**/pay?order=${orderId}`);
    await page.getByText("Payment received, confirming").waitFor();
    expect(await page.locator("meta[http-equiv=refresh]").getAttribute("content")).toBe("5");

    const payment = (paid as ReturnType<typeof razorpayPays> | null)?.razorpay_payment_id ?? "";
    expect(await razorpayConfirms(site, orderId, payment)).toBe("recorded");
    // The page's own refresh, with no script.
    await page.getByText("Payment received, thank you").waitFor({ timeout: 15_000 });
    expect(await paymentsOf(accountId)).toEqual([
      { amount: 1200, source: "online", razorpay_payment_id: payment },
    ]);
    const receipt = await receiptOf(accountId);
    expect(receipt.number).toMatch(/^ISGPB\/\d{4}-\d{2}\/\d{6}$/);
    expect(receipt.pdfTitle).toBe(`Receipt ${receipt.number}`);
  });
});
