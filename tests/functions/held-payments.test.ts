/**
 * Online payments held for the secretariat (issue 58, items 5 and 6; decisions 0052 and 0055's
 * addendum): a payment made twice or not for what was asked, held by the webhook, counted on the
 * overview, listed on the payments page and resolved there once, by 'Refund' (through Razorpay)
 * or 'Credit' (into the ledger as the account's next payment due), with Razorpay faked by msw.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import webhook from "../../netlify/functions/razorpay-webhook.ts";
import { type Account, getAccount } from "../../src/server/account/accounts.server.ts";
import { database } from "../../src/server/db/database.server.ts";
import { membershipOf } from "../../src/server/membership/membership.server.ts";
import { startOnlinePayment } from "../../src/server/payments/online-payments.server.ts";
import { razorpayConfig } from "../../src/server/payments/razorpay.server.ts";
import { workCounts } from "../../src/server/secretariat/overview.server.ts";
import { FLASHES } from "../../src/shared/secretariat-flash.ts";
import { FakeRazorpay, TEST_KEYS } from "../mocks/razorpay.ts";
import { withFeesGiven } from "../support/membership-fees.ts";
import { readPage } from "../support/page-server.ts";
import { formPostRequest, ORIGIN, pageRequest, postAndFollow } from "../support/requests.ts";
import { makeAccount, workspaceFunctionTests } from "../support/secretariat.ts";

const { sent, msw, office, pages } = workspaceFunctionTests();
let razorpay: FakeRazorpay;

beforeAll(() => {
  for (const [name, value] of Object.entries(TEST_KEYS)) vi.stubEnv(name, value);
});
beforeEach(() => {
  withFeesGiven();
  razorpay = new FakeRazorpay();
  msw.use(...razorpay.handlers());
});

let serial = 0;
const applicant = () => makeAccount(`held${++serial}@example.org`);

async function orderFor(account: Account) {
  const config = razorpayConfig();
  if (!config) throw new Error("the keys are set above");
  const started = await startOnlinePayment(config, account, membershipOf(account).next?.reference ?? "");
  if (!started.ok) throw new Error(`no order: ${started.reason}`);
  return started.order;
}

const deliver = async (delivery: { body: string | Buffer; headers: Record<string, string> }) => {
  const answer = await webhook(
    new Request(`${ORIGIN}/api/razorpay-webhook`, {
      method: "POST",
      headers: delivery.headers,
      body: typeof delivery.body === "string" ? delivery.body : new Uint8Array(delivery.body),
    }),
  );
  return ((await answer.json()) as { outcome: string }).outcome;
};

/** An applicant who paid the application online, then paid the same order again: the second is held. */
async function paidTwice() {
  const account = await applicant();
  const order = await orderFor(account);
  const first = razorpay.pay(order.id).payment;
  const second = razorpay.pay(order.id).payment;
  expect(await deliver(razorpay.webhook(first))).toBe("recorded");
  expect(await deliver(razorpay.webhook(second))).toBe("duplicate");
  return { account, order, first, second, held: await heldRow(second.id) };
}

/** An applicant whose payment was not the order's amount: held, not applied. */
async function paidTheWrongAmount(paise: number) {
  const account = await applicant();
  const order = await orderFor(account);
  const { payment } = razorpay.pay(order.id, { amount: paise });
  expect(await deliver(razorpay.webhook(payment))).toBe("mismatch");
  return { account, order, payment, held: await heldRow(payment.id) };
}

const heldRow = (paymentId: string) =>
  database()
    .selectFrom("payment_exceptions")
    .selectAll()
    .where("razorpay_payment_id", "=", paymentId)
    .executeTakeFirstOrThrow();

const press = (action: "refund-held" | "credit-held", id: string, fields: Record<string, string> = {}) =>
  pages(formPostRequest(`/secretariat/payments?do=${action}&held=${id}`, fields, office()));

const auditOf = (account: Account) =>
  database()
    .selectFrom("audit_log")
    .select(["action", "who", "summary"])
    .where("record", "=", `account/${account.key}`)
    .orderBy("id")
    .execute();

const mailsTo = (account: Account) =>
  sent.filter((mail) => (mail.body.to as string[]).includes(account.email)).map((mail) => mail.body.subject);

describe("held online payments in the workspace", () => {
  it("are counted on the overview and listed on the payments page with what 'Credit' would do", async () => {
    const before = (await workCounts()).find((count) => count.key === "payments-held")?.count ?? 0;
    const twice = await paidTwice();
    const wrong = await paidTheWrongAmount(100_000);
    const counts = Object.fromEntries((await workCounts()).map((count) => [count.key, count]));
    expect(counts["payments-held"]).toMatchObject({
      count: before + 2,
      href: "/secretariat/payments#held-payments",
    });
    const overview = await readPage(await pages(pageRequest("/secretariat", office())));
    expect(overview.text).toContain(`${before + 2} Online payments held (paid twice or not what was asked)`);

    const page = await readPage(await pages(pageRequest("/secretariat/payments", office())));
    const table = page.document.querySelector("#held-payments")?.closest("section");
    const rowOf = (id: string) =>
      [...(table?.querySelectorAll("tr") ?? [])].find((row) => row.textContent?.includes(id));
    const duplicate = rowOf(twice.second.id);
    expect(duplicate?.textContent).toContain("Paid twice");
    // Credit goes to what the member owes next: the year after the one paid twice for.
    const renewal = membershipOf((await getAccount(twice.account.key)) as Account).next?.reference ?? "";
    expect(duplicate?.textContent).toContain(`as ${renewal}`);
    const mismatch = rowOf(wrong.payment.id);
    expect(mismatch?.textContent).toContain("Not what was asked");
    expect(mismatch?.textContent).toContain(`Records ₹1,000 received`);
    expect(mismatch?.textContent).toContain(`as ${wrong.order.reference} (due: ₹1,200)`);
    expect(
      mismatch?.querySelector(`form[action="/secretariat/payments?do=credit-held&held=${wrong.held.id}"]`),
    ).not.toBeNull();
  });

  it("credits a payment made twice to the member's next payment due, once, when 'Credit' is pressed twice at the same moment", async () => {
    const { account, second, held } = await paidTwice();
    const renewal = membershipOf((await getAccount(account.key)) as Account).next?.reference ?? "";
    sent.length = 0;
    const answers = await Promise.all([press("credit-held", held.id), press("credit-held", held.id)]);
    expect(answers.map((answer) => answer.headers.get("location")).sort()).toEqual([
      "/secretariat/payments?done=held-already",
      "/secretariat/payments?done=held-credited",
    ]);
    const ledger = await database()
      .selectFrom("payments")
      .leftJoin("receipts", "receipts.payment_id", "payments.id")
      .select(["payments.reference", "payments.amount", "payments.source", "receipts.number"])
      .where("payments.razorpay_payment_id", "=", second.id)
      .execute();
    expect(ledger).toEqual([
      { reference: renewal, amount: 1200, source: "online", number: expect.stringMatching(/^ISGPB\//) },
    ]);
    expect(await heldRow(second.id)).toMatchObject({ resolution: `credited to ${renewal}` });
    const lines = (await auditOf(account)).filter((line) => line.summary.startsWith("Credited"));
    expect(lines).toEqual([
      expect.objectContaining({ action: "payment", summary: expect.stringContaining(second.id) }),
    ]);
    expect(mailsTo(account)).toHaveLength(1);
    // Paid in advance: the renewal is no longer what is due.
    expect(membershipOf((await getAccount(account.key)) as Account).next?.reference).not.toBe(renewal);
  });

  it("credits a payment of another amount to the payment it was for, with the amount received, which activates the membership", async () => {
    const { account, order, payment, held } = await paidTheWrongAmount(100_000);
    expect(((await getAccount(account.key)) as Account).status).toBe("pending-payment");
    const answer = await press("credit-held", held.id);
    expect(answer.headers.get("location")).toBe("/secretariat/payments?done=held-credited");
    const ledger = await database()
      .selectFrom("payments")
      .select(["reference", "amount", "razorpay_payment_id", "razorpay_order_id"])
      .where("account_id", "=", account.key)
      .execute();
    expect(ledger).toEqual([
      {
        reference: order.reference,
        amount: 1000,
        razorpay_payment_id: payment.id,
        razorpay_order_id: order.id,
      },
    ]);
    expect(((await getAccount(account.key)) as Account).status).toBe("active");
    expect(mailsTo(account)).toHaveLength(1);
    const page = await readPage(
      await pages(pageRequest("/secretariat/payments?done=held-credited", office())),
    );
    expect(page.text).toContain(FLASHES["held-credited"].text);
    expect(page.document.querySelector("#held-payments")?.closest("section")?.textContent).not.toContain(
      payment.id,
    );
  });

  it("refunds a held payment once through Razorpay when 'Refund' is pressed twice at the same moment", async () => {
    const { account, second, held } = await paidTwice();
    sent.length = 0;
    const answers = await Promise.all([
      press("refund-held", held.id, { reason: "Paid twice for the same application" }),
      press("refund-held", held.id, { reason: "Paid twice for the same application" }),
    ]);
    expect(answers.map((answer) => answer.headers.get("location")).sort()).toEqual([
      "/secretariat/payments?done=held-already",
      "/secretariat/payments?done=held-refunded",
    ]);
    expect(razorpay.refundsMade).toBe(1);
    expect(razorpay.refunds).toEqual([expect.objectContaining({ payment_id: second.id, amount: 120_000 })]);
    const refunds = await database()
      .selectFrom("refunds")
      .selectAll()
      .where("razorpay_payment_id", "=", second.id)
      .execute();
    expect(refunds).toEqual([
      expect.objectContaining({
        payment_id: null,
        method: "razorpay",
        amount: 1200,
        refund_reference: razorpay.refunds[0]?.id,
        account_id: account.key,
      }),
    ]);
    expect(await heldRow(second.id)).toMatchObject({ resolution: "refunded" });
    const lines = (await auditOf(account)).filter((line) => line.action === "refund");
    expect(lines).toHaveLength(1);
    expect(mailsTo(account)).toEqual([`Refund of your payment ${second.id}`]);
    // The payment the ledger holds stays as it was.
    expect(
      await database().selectFrom("payments").select("id").where("account_id", "=", account.key).execute(),
    ).toHaveLength(1);
  });

  it("says beside the form why a payment for no account's order cannot be credited, and what Razorpay refused", async () => {
    const { payment } = razorpay.pay("order_NotMadeHere0002", { amount: 50_000 });
    expect(await deliver(razorpay.webhook(payment))).toBe("mismatch");
    const held = await heldRow(payment.id);
    // No 'Credit' is offered, and the page says why; a press sent all the same changes nothing.
    const page = await readPage(await pages(pageRequest("/secretariat/payments", office())));
    const row = [...page.document.querySelectorAll("#held-payments ~ * tr")].find((tr) =>
      tr.textContent?.includes(payment.id),
    );
    expect(row?.textContent).toContain(
      "Its order is not one this website made, so it belongs to no account: refund it.",
    );
    expect(row?.querySelector('form[action*="credit-held"]')).toBeNull();
    await press("credit-held", held.id);
    expect(await heldRow(payment.id)).toMatchObject({ resolved_at: null });
    razorpay.failWith = 500;
    const refund = await postAndFollow(
      pages,
      `/secretariat/payments?do=refund-held&held=${held.id}`,
      { reason: "Not ours" },
      office(),
    );
    expect((await readPage(refund.page)).text).toContain(
      "Nothing was refunded. Razorpay refused the list of refunds",
    );
    expect(await heldRow(payment.id)).toMatchObject({ resolved_at: null });
    razorpay.failWith = null;
    const done = await press("refund-held", held.id, { reason: "Not ours" });
    expect(done.headers.get("location")).toBe("/secretariat/payments?done=held-refunded");
    expect(await heldRow(payment.id)).toMatchObject({ resolution: "refunded" });
  });
});
