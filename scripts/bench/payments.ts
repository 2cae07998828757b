/**
 * Razorpay's webhook under its own retries (issue 58, decision 0052): 1,000 members each with an
 * order for their application's payment, each paid, and each payment's signed `payment.captured`
 * webhook delivered three times (as Razorpay retries one it thinks unanswered), all 3,000
 * deliveries in parallel (CONCURRENCY at a time, shuffled, so the copies of one event race each
 * other) through the webhook function's own handler, on the local database in a process of its
 * own. What must hold: exactly 1,000 payments recorded, one event row, audit line and mail each,
 * no exception held, every delivery answered 200; with the receipts' table present, 1,000 receipts.
 *   npm run bench:payments [-- members concurrency]
 * No network: the mails stay in the outbox (no RESEND_API_KEY), and nothing calls Razorpay.
 */
import "./tsx-modules.ts";
import { spawn } from "node:child_process";
import { createHmac, randomBytes } from "node:crypto";
import { once } from "node:events";
import path from "node:path";
import { sql } from "kysely";

const MEMBERS = Number(process.argv[2] ?? 1000);
const CONCURRENCY = Number(process.argv[3] ?? 32);
const KEYS = {
  RAZORPAY_KEY_ID: "rzp_test_BenchKey000001",
  RAZORPAY_KEY_SECRET: "bench_key_secret",
  RAZORPAY_WEBHOOK_SECRET: "bench_webhook_secret",
};
Object.assign(process.env, KEYS);
delete process.env.RESEND_API_KEY;

const child = spawn(process.execPath, [path.join(import.meta.dirname, "database-process.ts")], {
  stdio: ["pipe", "pipe", "inherit"],
});
const [line] = (await once(child.stdout, "data")) as [Buffer];
process.env.NETLIFY_DB_URL = line.toString().trim();
process.env.NETLIFY_DB_DRIVER = "server";

const { closeDatabase, database } = await import("../../src/server/db/database.server.ts");
const { accountKey } = await import("../../src/server/account/accounts.server.ts");
const { DECOY_HASH } = await import("../../src/server/account/password.server.ts");
const { financialYearLabel, financialYearOf, dayInIndia } = await import(
  "../../src/shared/membership/calendar.ts"
);
const { paymentReference } = await import("../../src/shared/membership/reference.ts");
const { membershipContent } = await import("../../src/server/membership/membership-content.server.ts");
const { default: webhook } = await import("../../netlify/functions/razorpay-webhook.ts");

const id14 = () => randomBytes(10).toString("base64url").replace(/[-_]/g, "x").slice(0, 14);
const start = membershipContent().calendar.financialYearStartMonth;
const period = financialYearLabel(financialYearOf(dayInIndia(new Date()), start), start);
const AMOUNT = 120_000;

console.log(`bench:payments: seeding ${MEMBERS} applicants with an order each`);
const db = database();
const now = new Date();
const members = Array.from({ length: MEMBERS }, (_, i) => {
  const email = `payer${i}@example.org`;
  const applicationId = `EN-${accountKey(email).slice(0, 10).toUpperCase()}`;
  return {
    email,
    applicationId,
    reference: paymentReference(applicationId, period),
    orderId: `order_${id14()}`,
  };
});
const accounts = await db
  .insertInto("accounts")
  .values(
    members.map((member, i) => ({
      email: member.email,
      name: `Bench Payer ${i}`,
      membership: "1",
      application_id: member.applicationId,
      submission_id: "",
      submitted_at: new Date(now.getTime() - 3_600_000),
      status: "pending-payment" as const,
      password_hash: DECOY_HASH,
    })),
  )
  .returning(["id", "application_id"])
  .execute();
const accountOf = new Map(accounts.map((row) => [row.application_id, row.id]));
await db
  .insertInto("payment_orders")
  .values(
    members.map((member) => ({
      id: member.orderId,
      account_id: accountOf.get(member.applicationId) as string,
      reference: member.reference,
      amount: AMOUNT,
      currency: "INR",
      kind: "application",
      created_at: now,
    })),
  )
  .execute();

/** Each member's payment.captured, as Razorpay signs it, three times. */
const deliveries = members.flatMap((member) => {
  const body = JSON.stringify({
    entity: "event",
    account_id: "acc_BenchSociety001",
    event: "payment.captured",
    contains: ["payment"],
    payload: {
      payment: {
        entity: {
          id: `pay_${id14()}`,
          entity: "payment",
          amount: AMOUNT,
          currency: "INR",
          status: "captured",
          order_id: member.orderId,
          method: "upi",
          captured: true,
          email: member.email,
          created_at: Math.floor(now.getTime() / 1000),
        },
      },
    },
    created_at: Math.floor(now.getTime() / 1000),
  });
  const headers = {
    "content-type": "application/json",
    "x-razorpay-signature": createHmac("sha256", KEYS.RAZORPAY_WEBHOOK_SECRET).update(body).digest("hex"),
    "x-razorpay-event-id": `evt_${id14()}`,
  };
  return [0, 1, 2].map(() => ({ body, headers }));
});
for (let i = deliveries.length - 1; i > 0; i--) {
  const j = Math.floor(Math.random() * (i + 1));
  [deliveries[i], deliveries[j]] = [
    deliveries[j] as (typeof deliveries)[number],
    deliveries[i] as (typeof deliveries)[number],
  ];
}

console.log(`bench:payments: ${deliveries.length} deliveries, ${CONCURRENCY} at a time`);
const outcomes = new Map<string, number>();
let errors = 0;
let next = 0;
const began = performance.now();
const latencies: number[] = [];
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < deliveries.length) {
      const delivery = deliveries[next++] as (typeof deliveries)[number];
      const sentAt = performance.now();
      try {
        const response = await webhook(
          new Request("https://isgpb.example/api/razorpay-webhook", { method: "POST", ...delivery }),
        );
        latencies.push(performance.now() - sentAt);
        if (response.status !== 200) errors++;
        else {
          const { outcome } = (await response.json()) as { outcome: string };
          outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        }
      } catch (error) {
        errors++;
        console.error(error);
      }
    }
  }),
);
const seconds = (performance.now() - began) / 1000;

const count = async (query: Promise<{ n: string | number | bigint } | undefined>) =>
  Number((await query)?.n ?? 0);
const payments = await count(
  db
    .selectFrom("payments")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("source", "=", "online")
    .executeTakeFirst(),
);
const distinct = await count(
  db
    .selectFrom("payments")
    .select((eb) => eb.fn.count<string>("razorpay_payment_id").distinct().as("n"))
    .executeTakeFirst(),
);
const events = await count(
  db
    .selectFrom("razorpay_events")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirst(),
);
const audit = await count(
  db
    .selectFrom("audit_log")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("action", "=", "payment")
    .executeTakeFirst(),
);
const mails = await count(
  db
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirst(),
);
const held = await count(
  db
    .selectFrom("payment_exceptions")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirst(),
);
const active = await count(
  db
    .selectFrom("accounts")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("status", "=", "active")
    .executeTakeFirst(),
);
// The receipts are issue 58's other half: counted once their table is in the records.
const receiptsTable = await sql<{
  found: string | null;
}>`SELECT to_regclass('public.receipts')::text AS found`.execute(db);
const receipts = receiptsTable.rows[0]?.found
  ? Number((await sql<{ n: string }>`SELECT count(*) AS n FROM receipts`.execute(db)).rows[0]?.n ?? 0)
  : null;

latencies.sort((a, b) => a - b);
const at = (q: number) =>
  (latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0).toFixed(0);
console.log(
  JSON.stringify(
    {
      deliveries: deliveries.length,
      seconds: Number(seconds.toFixed(1)),
      perSecond: Math.round(deliveries.length / seconds),
      p50ms: Number(at(0.5)),
      p95ms: Number(at(0.95)),
      outcomes: Object.fromEntries(outcomes),
      errors,
      payments,
      distinctRazorpayPayments: distinct,
      events,
      auditLines: audit,
      mails,
      held,
      activeAccounts: active,
      receipts: receipts ?? "no receipts table in these records yet",
    },
    null,
    2,
  ),
);
const ok =
  errors === 0 &&
  payments === MEMBERS &&
  distinct === MEMBERS &&
  events === MEMBERS &&
  audit === MEMBERS &&
  mails === MEMBERS &&
  held === 0 &&
  active === MEMBERS &&
  (receipts === null || receipts === MEMBERS);
console.log(ok ? `bench:payments: OK, exactly ${MEMBERS} payments, 0 errors` : "bench:payments: FAILED");
await closeDatabase();
child.stdin.end();
await once(child, "exit");
process.exitCode = ok ? 0 : 1;
