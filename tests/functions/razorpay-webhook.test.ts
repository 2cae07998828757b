import { createHmac } from "node:crypto";
import { validateWebhookSignature } from "razorpay/dist/utils/razorpay-utils.js";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import webhook from "../../netlify/functions/razorpay-webhook.ts";
import { type Account, getAccount } from "../../src/server/account/accounts.server.ts";
import { database } from "../../src/server/db/database.server.ts";
import { membershipOf } from "../../src/server/membership/membership.server.ts";
import { startOnlinePayment } from "../../src/server/payments/online-payments.server.ts";
import { razorpayConfig, signatureMatches } from "../../src/server/payments/razorpay.server.ts";
import { FakeRazorpay, signedWebhook, TEST_KEYS, webhookBody } from "../mocks/razorpay.ts";
import { resendAccepts, type SentMail } from "../mocks/resend.ts";
import { startBlobsServer } from "../support/blobs.ts";
import { allowConsole } from "../support/console.ts";
import { startDatabase } from "../support/database.ts";
import { withFeesGiven } from "../support/membership-fees.ts";
import { setupMsw } from "../support/msw.ts";
import { ORIGIN } from "../support/requests.ts";
import { makeAccount } from "../support/secretariat.ts";

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });
const razorpay = new FakeRazorpay();
const sent: SentMail[] = [];
setupMsw(resendAccepts(sent), ...razorpay.handlers());
startDatabase();
startBlobsServer();
allowConsole("warn", /SIGNING_SECRET is unset/);

beforeAll(() => {
  for (const [name, value] of Object.entries(TEST_KEYS)) vi.stubEnv(name, value);
  vi.stubEnv("RESEND_API_KEY", "re_test_key");
});
beforeEach(() => {
  withFeesGiven();
  sent.length = 0;
});

let serial = 0;
const applicant = () => makeAccount(`payer${++serial}@example.org`);

/** The order 'Pay online' makes for the account's next payment. */
async function orderFor(account: Account) {
  const config = razorpayConfig();
  if (!config) throw new Error("keys are set above");
  const reference = membershipOf(account).next?.reference ?? "";
  const started = await startOnlinePayment(config, account, reference);
  if (!started.ok) throw new Error(`no order: ${started.reason}`);
  return started.order;
}

const post = (delivery: { body: string | Buffer; headers: Record<string, string> }) =>
  webhook(
    new Request(`${ORIGIN}/api/razorpay-webhook`, {
      method: "POST",
      headers: delivery.headers,
      body: typeof delivery.body === "string" ? delivery.body : new Uint8Array(delivery.body),
    }),
  );

const outcomeOf = async (response: Response) => ({
  status: response.status,
  ...((await response.json()) as { outcome?: string; error?: string }),
});

/** The ledger's rows of these Razorpay orders. */
const ledger = (...orders: string[]) =>
  database()
    .selectFrom("payments")
    .select(["reference", "amount", "source", "razorpay_payment_id"])
    .where("razorpay_order_id", "in", orders)
    .execute();
/** The payments held for the secretariat, of these Razorpay orders. */
const held = (...orders: string[]) =>
  database()
    .selectFrom("payment_exceptions")
    .select(["kind", "razorpay_payment_id", "account_id", "details"])
    .where("razorpay_order_id", "in", orders)
    .execute();

describe("the signature", () => {
  it("is the package's HMAC, compared in constant time: both agree on a good one and a bad one", () => {
    const body = '{"event":"payment.captured"}';
    const good = createHmac("sha256", "secret").update(body).digest("hex");
    expect(signatureMatches(body, good, "secret")).toBe(true);
    expect(validateWebhookSignature(body, good, "secret")).toBe(true);
    const bad = `${good.slice(0, -1)}${good.endsWith("0") ? "1" : "0"}`;
    expect(signatureMatches(body, bad, "secret")).toBe(false);
    expect(validateWebhookSignature(body, bad, "secret")).toBe(false);
    expect(signatureMatches(body, "not hex", "secret")).toBe(false);
    expect(signatureMatches(body, undefined, "secret")).toBe(false);
  });
});

describe("POST /api/razorpay-webhook", () => {
  it("records a captured payment once: the ledger's row, the account active, the audit line and the member's mail", async () => {
    const account = await applicant();
    const order = await orderFor(account);
    const { payment } = razorpay.pay(order.id);
    expect(await outcomeOf(await post(razorpay.webhook(payment)))).toEqual({
      status: 200,
      outcome: "recorded",
    });
    expect(await ledger(order.id)).toEqual([
      {
        reference: order.reference,
        amount: order.amount / 100,
        source: "online",
        razorpay_payment_id: payment.id,
      },
    ]);
    const after = (await getAccount(account.key)) as Account;
    expect(after.status).toBe("active");
    expect(membershipOf(after).status).toBe("active");
    const audit = await database().selectFrom("audit_log").select(["who", "summary"]).execute();
    expect(audit).toEqual([
      { who: "Razorpay (online payment)", summary: expect.stringContaining(payment.id) },
    ]);
    expect(sent.map((mail) => mail.body.to)).toEqual([[account.email]]);
    const orderRow = await database().selectFrom("payment_orders").select("status").executeTakeFirstOrThrow();
    expect(orderRow.status).toBe("paid");
  });

  it("changes nothing for a replay of the same event, nor for the same payment under another event", async () => {
    const account = await applicant();
    const order = await orderFor(account);
    const { payment } = razorpay.pay(order.id);
    const delivery = razorpay.webhook(payment);
    expect((await outcomeOf(await post(delivery))).outcome).toBe("recorded");
    expect((await outcomeOf(await post(delivery))).outcome).toBe("already");
    expect((await outcomeOf(await post(razorpay.webhook(payment, "order.paid")))).outcome).toBe("already");
    expect((await ledger(order.id)).filter((row) => row.razorpay_payment_id === payment.id)).toHaveLength(1);
    expect(sent).toHaveLength(1);
  });

  it("refuses a body with one byte changed, a signature under another secret, and no event id", async () => {
    const account = await applicant();
    const order = await orderFor(account);
    const { payment } = razorpay.pay(order.id);
    const good = razorpay.webhook(payment);
    const changed = Buffer.from(good.body);
    changed[changed.indexOf("captured")] = "C".charCodeAt(0);
    expect((await post({ ...good, body: changed })).status).toBe(400);
    const otherSecret = signedWebhook(good.body, "another secret", "evt_OtherSecret01");
    expect((await post(otherSecret)).status).toBe(400);
    const { "x-razorpay-event-id": _, ...noId } = good.headers;
    expect((await post({ body: good.body, headers: noId })).status).toBe(400);
    expect(await ledger(order.id)).toEqual([]);
    expect(
      await database().selectFrom("razorpay_events").selectAll().where("id", "=", good.eventId).execute(),
    ).toEqual([]);
  });

  it("holds an amount that does not match the order, not applied", async () => {
    const account = await applicant();
    const order = await orderFor(account);
    const { payment } = razorpay.pay(order.id, { amount: order.amount - 100 });
    expect((await outcomeOf(await post(razorpay.webhook(payment)))).outcome).toBe("mismatch");
    expect(await ledger(order.id)).toEqual([]);
    expect(await held(order.id)).toEqual([
      {
        kind: "mismatch",
        razorpay_payment_id: payment.id,
        account_id: account.key,
        details: expect.stringMatching(/asked/),
      },
    ]);
    expect(((await getAccount(account.key)) as Account).status).toBe("pending-payment");
  });

  it("holds a payment for an order this site never made", async () => {
    const { payment } = razorpay.pay("order_NotMadeHere0001", { amount: 50_000 });
    expect((await outcomeOf(await post(razorpay.webhook(payment)))).outcome).toBe("mismatch");
    expect(await held("order_NotMadeHere0001")).toEqual([
      { kind: "mismatch", razorpay_payment_id: payment.id, account_id: null, details: expect.any(String) },
    ]);
    expect(await ledger("order_NotMadeHere0001")).toEqual([]);
  });

  it("applies another member's order to that member, whatever the payer's address says", async () => {
    const owner = await applicant();
    const other = await applicant();
    const order = await orderFor(owner);
    const { payment } = razorpay.pay(order.id);
    payment.email = other.email;
    expect((await outcomeOf(await post(razorpay.webhook(payment)))).outcome).toBe("recorded");
    expect(((await getAccount(owner.key)) as Account).status).toBe("active");
    expect(((await getAccount(other.key)) as Account).status).toBe("pending-payment");
  });

  it("flags a second payment for what is already paid, and never applies it twice", async () => {
    const account = await applicant();
    const order = await orderFor(account);
    const first = razorpay.pay(order.id).payment;
    // A second attempt that Razorpay also captured (another tab, a bank's late success).
    const second = razorpay.pay(order.id).payment;
    expect((await outcomeOf(await post(razorpay.webhook(first)))).outcome).toBe("recorded");
    expect((await outcomeOf(await post(razorpay.webhook(second)))).outcome).toBe("duplicate");
    expect((await outcomeOf(await post(razorpay.webhook(second, "order.paid")))).outcome).toBe("already");
    expect((await ledger(order.id)).map((row) => row.razorpay_payment_id)).toEqual([first.id]);
    expect(await held(order.id)).toEqual([
      {
        kind: "duplicate",
        razorpay_payment_id: second.id,
        account_id: account.key,
        details: expect.stringMatching(/paid already/),
      },
    ]);
  });

  it("notes a failed attempt and an event it does not act on, once each", async () => {
    const account = await applicant();
    const order = await orderFor(account);
    const { payment } = razorpay.pay(order.id, { status: "failed" });
    const failed = razorpay.webhook(payment, "payment.failed");
    expect((await outcomeOf(await post(failed))).outcome).toBe("failed-attempt");
    expect((await outcomeOf(await post(failed))).outcome).toBe("replay");
    const row = await database()
      .selectFrom("payment_orders")
      .select("status")
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("failed");
    const other = signedWebhook(
      webhookBody(payment, "refund.created"),
      TEST_KEYS.RAZORPAY_WEBHOOK_SECRET,
      "evt_RefundCreated01",
    );
    expect((await outcomeOf(await post(other))).outcome).toBe("ignored");
    expect(await ledger(order.id)).toEqual([]);
  });

  it("records one payment when its deliveries arrive together", async () => {
    const account = await applicant();
    const order = await orderFor(account);
    const { payment } = razorpay.pay(order.id);
    const deliveries = [razorpay.webhook(payment), razorpay.webhook(payment, "order.paid")];
    const outcomes = await Promise.all(
      [...deliveries, ...deliveries].map(async (one) => (await outcomeOf(await post(one))).outcome),
    );
    expect(outcomes.filter((outcome) => outcome === "recorded")).toHaveLength(1);
    expect((await ledger(order.id)).filter((row) => row.razorpay_payment_id === payment.id)).toHaveLength(1);
    expect(sent).toHaveLength(1);
  });

  it("answers 404 and records nothing while the keys are unset", async () => {
    vi.stubEnv("RAZORPAY_WEBHOOK_SECRET", "");
    const account = await applicant();
    const response = await post(signedWebhook('{"event":"payment.captured"}', "x", "evt_NoKeys00000001"));
    expect(response.status).toBe(404);
    vi.stubEnv("RAZORPAY_WEBHOOK_SECRET", TEST_KEYS.RAZORPAY_WEBHOOK_SECRET);
    expect(((await getAccount(account.key)) as Account).status).toBe("pending-payment");
  });
});
