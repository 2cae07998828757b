/**
 * The secretariat's refunds and the reconciliation with Razorpay (issue 58, items 5 and 6; decision
 * 0055), through the workspace's pages, Razorpay faked by msw from its documented payloads.
 */
import { parse } from "csv-parse/sync";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { database, inTransaction } from "../../src/server/db/database.server.ts";
import { insertPayment } from "../../src/server/membership/membership-records.server.ts";
import { addDays, dayInIndia } from "../../src/shared/membership/calendar.ts";
import { FakeRazorpay, TEST_KEYS } from "../mocks/razorpay.ts";
import { readPage } from "../support/page-server.ts";
import { formPostRequest, pageRequest, postAndFollow } from "../support/requests.ts";
import { makeAccount, workspaceFunctionTests } from "../support/secretariat.ts";

const { sent, msw, office, pages } = workspaceFunctionTests();

// Refunds and the settlement report need Razorpay's key pair only, not the webhook's secret.
beforeAll(() => {
  vi.stubEnv("RAZORPAY_KEY_ID", TEST_KEYS.RAZORPAY_KEY_ID);
  vi.stubEnv("RAZORPAY_KEY_SECRET", TEST_KEYS.RAZORPAY_KEY_SECRET);
});
let razorpay: FakeRazorpay;
beforeEach(() => {
  razorpay = new FakeRazorpay();
  msw.use(...razorpay.handlers());
});

let serial = 0;
/** An active member with one payment in the ledger, online (with Razorpay's id) or by bank. */
async function paidMember(options: { razorpayId?: string; amount?: number; paidOn?: string }) {
  serial++;
  const account = await makeAccount(`payer${serial}@example.org`, { status: "active" });
  const paidOn = options.paidOn ?? dayInIndia(new Date());
  const reference = `ISGPB-${account.applicationId}-2026-27`;
  await inTransaction((tx) =>
    insertPayment(tx, account.key, {
      reference,
      amount: options.amount ?? 1500,
      paidOn,
      confirmedAt: `${paidOn}T06:00:00.000Z`,
      kind: "application",
      ...(options.razorpayId
        ? { source: "online" as const, razorpayPaymentId: options.razorpayId }
        : { bankReference: `UTR${serial}` }),
    }),
  );
  const payment = await database()
    .selectFrom("payments")
    .select("id")
    .where("reference", "=", reference)
    .executeTakeFirstOrThrow();
  return { account, paymentId: payment.id, reference };
}

const refundPress = (paymentId: string, fields: Record<string, string>) =>
  pages(formPostRequest(`/secretariat/payments?do=refund&payment=${paymentId}`, fields, office()));

describe("refunds from the workspace", () => {
  it("refunds an online payment once through Razorpay when 'Refund' is pressed twice at the same moment", async () => {
    const { account, paymentId, reference } = await paidMember({ razorpayId: "pay_RaceRefund001" });
    const answers = await Promise.all([
      refundPress(paymentId, { reason: "Paid twice for the same year" }),
      refundPress(paymentId, { reason: "Paid twice for the same year" }),
    ]);
    expect(answers.map((answer) => answer.headers.get("location")).sort()).toEqual([
      "/secretariat/payments?done=refund-already",
      "/secretariat/payments?done=refunded",
    ]);
    expect(razorpay.refundsMade).toBe(1);
    expect(razorpay.refunds.map((refund) => refund.amount)).toEqual([150_000]);
    const rows = await database().selectFrom("refunds").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      method: "razorpay",
      amount: 1500,
      refund_reference: razorpay.refunds[0]?.id,
    });
    const receipt = await database()
      .selectFrom("receipts")
      .selectAll()
      .where("payment_id", "=", paymentId)
      .executeTakeFirstOrThrow();
    expect(receipt.refund_id).toBe(rows[0]?.id);
    expect(receipt.refunded_at).not.toBeNull();
    const lines = await database()
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "refund")
      .execute();
    expect(lines).toHaveLength(1);
    expect(lines[0]?.summary).toContain(reference);
    const mails = sent.filter((mail) => (mail.body.to as string[]).includes(account.email));
    expect(mails.map((mail) => mail.body.subject)).toEqual([`Refund of your payment ${reference}`]);
  });

  it("records a bank payment's refund only with the transfer's reference, which it asks for beside the field", async () => {
    const { paymentId } = await paidMember({});
    const refused = await postAndFollow(
      pages,
      `/secretariat/payments?do=refund&payment=${paymentId}`,
      { reason: "Membership withdrawn", bankReference: "" },
      office(),
    );
    expect(refused.post.status).toBe(303);
    const field = (await readPage(refused.page)).document.querySelector(
      `[id$="bankReference-error"], .field-error`,
    );
    expect(field?.textContent).toContain("transfer the money back, then give the bank's reference");
    expect(
      await database().selectFrom("refunds").selectAll().where("payment_id", "=", paymentId).execute(),
    ).toEqual([]);

    const done = await refundPress(paymentId, {
      reason: "Membership withdrawn",
      bankReference: "NEFT-BACK-77",
    });
    expect(done.headers.get("location")).toBe("/secretariat/payments?done=refunded");
    const [row] = await database()
      .selectFrom("refunds")
      .selectAll()
      .where("payment_id", "=", paymentId)
      .execute();
    expect(row).toMatchObject({
      method: "manual",
      refund_reference: "NEFT-BACK-77",
      razorpay_payment_id: null,
    });
  });

  it("changes nothing when Razorpay fails, and says so beside the form", async () => {
    razorpay.failWith = 500;
    const { paymentId } = await paidMember({ razorpayId: "pay_DownRefund001" });
    const { page } = await postAndFollow(
      pages,
      `/secretariat/payments?do=refund&payment=${paymentId}`,
      { reason: "Paid twice" },
      office(),
    );
    expect((await readPage(page)).text).toContain("Nothing was refunded. Razorpay refused");
    expect(
      await database().selectFrom("refunds").selectAll().where("payment_id", "=", paymentId).execute(),
    ).toEqual([]);
    const receipt = await database()
      .selectFrom("receipts")
      .select("refunded_at")
      .where("payment_id", "=", paymentId)
      .executeTakeFirstOrThrow();
    expect(receipt.refunded_at).toBeNull();
  });

  it("lists the ledger's payments by source and day, with their receipts", async () => {
    const online = await paidMember({ razorpayId: "pay_ListOnline001" });
    const page = await readPage(await pages(pageRequest("/secretariat/payments?source=online", office())));
    expect(page.text).toContain(online.reference);
    expect(page.text).toContain("pay_ListOnline001");
    const bank = await readPage(await pages(pageRequest("/secretariat/payments?source=bank", office())));
    expect(bank.text).not.toContain("pay_ListOnline001");
    const none = await readPage(
      await pages(pageRequest("/secretariat/payments?from=2001-01-01&to=2001-01-31", office())),
    );
    expect(none.text).toContain("0 payments found");
  });
});

describe("reconciliation with Razorpay's settlements", () => {
  it("pairs the ledger's online payments with the settled ones: matched, amount differs, missing on either side; as a page and a CSV", async () => {
    const day = addDays(dayInIndia(new Date()), -10);
    const at = (d: string, hour = 6) => new Date(`${d}T0${hour}:00:00.000Z`);
    const matched = await paidMember({ razorpayId: "pay_ReconMatch001", paidOn: day });
    await paidMember({ razorpayId: "pay_ReconDiffer01", paidOn: day, amount: 1500 });
    await paidMember({ razorpayId: "pay_ReconUnsettld", paidOn: day });
    razorpay.settled = [
      {
        id: "pay_ReconMatch001",
        type: "payment",
        amount: 1500,
        createdAt: at(day),
        settledAt: at(addDays(day, 2)),
      },
      {
        id: "pay_ReconDiffer01",
        type: "payment",
        amount: 1000,
        createdAt: at(day),
        settledAt: at(addDays(day, 2)),
      },
      {
        id: "pay_ReconStray001",
        type: "payment",
        amount: 600,
        createdAt: at(day),
        settledAt: at(addDays(day, 3)),
      },
    ];
    const page = await readPage(
      await pages(pageRequest(`/secretariat/payments/reconciliation?from=${day}&to=${day}`, office())),
    );
    expect(page.text).toContain("Matched: 1");
    expect(page.text).toContain("Amount differs: 1");
    expect(page.text).toContain("Settled by Razorpay, not in the ledger: 1");
    expect(page.text).toContain("In the ledger, not settled by Razorpay: 1");
    expect(page.text).toContain(matched.reference);
    // The report is read past the range, for the days Razorpay takes to settle.
    expect(razorpay.settlementDaysAsked.length).toBe(8);

    const csv = await pages(
      pageRequest(`/secretariat/payments/reconciliation.csv?from=${day}&to=${day}`, office()),
    );
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const records = parse((await csv.text()).replace(/^\uFEFF/, ""), { columns: true }) as Record<
      string,
      string
    >[];
    expect(
      records.map((record) => [record.Status, record["Razorpay id"], record["Razorpay amount (Rs)"]]),
    ).toEqual([
      ["Amount differs", "pay_ReconDiffer01", "1000"],
      ["Settled by Razorpay, not in the ledger", "pay_ReconStray001", "600"],
      ["In the ledger, not settled by Razorpay", "pay_ReconUnsettld", ""],
      ["Matched", "pay_ReconMatch001", "1500"],
    ]);
  });

  it("refuses a range the wrong way round beside its field, asking Razorpay nothing", async () => {
    const answer = await pages(
      pageRequest("/secretariat/payments/reconciliation?from=2026-05-10&to=2026-05-01", office()),
    );
    expect(answer.status).toBe(400);
    expect((await readPage(answer)).text).toContain("The last day must not be before the first");
    expect(razorpay.calls).toEqual([]);
  });
});
