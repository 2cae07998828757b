import { sql } from "kysely";
import { describe, expect, it, onTestFinished } from "vitest";
import { type Account, getAccount } from "../../src/server/account/accounts.server.ts";
import { collectMyData } from "../../src/server/account/my-data.server.ts";
import { database } from "../../src/server/db/database.server.ts";
import { membershipOf } from "../../src/server/membership/membership.server.ts";
import { membershipContent } from "../../src/server/membership/membership-content.server.ts";
import { NO_BANK_REFERENCE } from "../../src/server/secretariat/application-view.server.ts";
import { recentActions } from "../../src/server/secretariat/audit.server.ts";
import { membershipPaymentOf } from "../../src/server/secretariat/membership-payment-action.server.ts";
import {
  addMonths,
  dayInIndia,
  financialYearEnd,
  financialYearLabel,
  financialYearOf,
} from "../../src/shared/membership/calendar.ts";
import { memberNumberOf } from "../../src/shared/membership/reference.ts";
import { expectConsole } from "../support/console.ts";
import { withFeesGiven } from "../support/membership-fees.ts";
import { storeRecords } from "../support/membership-records.ts";
import { readData, readPage } from "../support/page-server.ts";
import {
  type Fields,
  formPostRequest,
  pageRequest,
  postAndFollow,
  scriptPostRequest,
} from "../support/requests.ts";
import { cookieFor, makeAccount, OFFICE_EMAIL, workspaceFunctionTests } from "../support/secretariat.ts";

const { sent, office, pages } = workspaceFunctionTests();

const content = membershipContent();
const START = content.calendar.financialYearStartMonth;
const label = (year: number) => financialYearLabel(year, START);
const today = dayInIndia(new Date());
const current = financialYearOf(today, START);

let serial = 0;
/** An active account whose application's payment (its first) was for `year`, confirmed on `paidOn`. */
async function member(options: {
  membership?: string;
  period: string;
  paidOn: string;
  amount?: number | null;
  remindedOn?: Record<string, string>;
}): Promise<Account> {
  serial++;
  const email = `member${serial}@example.org`;
  const made = await makeAccount(email, { membership: options.membership ?? "1", status: "active" });
  return storeRecords(
    made.key,
    {
      payments: [
        {
          reference: `ISGPB-${made.applicationId}-${options.period}`,
          amount: options.amount ?? null,
          paidOn: options.paidOn,
          confirmedAt: `${options.paidOn}T06:00:00.000Z`,
        },
      ],
      ...(options.remindedOn ? { remindedOn: options.remindedOn } : {}),
    },
    { activatedAt: `${options.paidOn}T06:00:00.000Z` },
  );
}

const renewalDue = () => member({ period: label(current - 1), paidOn: `${current - 1}-05-01` });
const referenceFor = (account: Account, period: string) =>
  `ISGPB-${memberNumberOf(account.applicationId)}-${period}`;
/** Where the page's 'Record a payment' posts. */
const pathOf = (account: Account) => `/secretariat/applications/${account.key}?do=record-payment`;
/** 'Record a payment' posted by the page's script: its refusal as data, or where the page goes next. */
const scriptPress = async (account: Account, fields: Fields, cookie: string | undefined = office()) =>
  readData(await pages(scriptPostRequest(pathOf(account), fields, cookie)));
/** The outcome (`?done=`) a press was sent back to the page with. */
const doneOf = (location: string | null | undefined) =>
  new URL(location ?? "/", "https://isgpb.example").searchParams.get("done");
const entry = (reference: string, amount = "1,000") => ({
  reference,
  amount,
  date: today,
  bankReference: "UTR-7001",
});
const pageOf = async (account: Account, cookie = office()) =>
  readPage(await pages(pageRequest(`/secretariat/applications/${account.key}`, cookie)));

/** The page's 'Record a payment' form, and the payment it starts with. */
async function recordForm(account: Account) {
  const { document, text } = await pageOf(account);
  const form = document.querySelector(`form[action="${pathOf(account)}"]`);
  return {
    form,
    chosen: form?.querySelector<HTMLSelectElement>("#reference")?.value ?? null,
    text,
    document,
  };
}

describe("'Record a payment': a renewal", () => {
  it("moves a renewal-due member to active until the next 31 March, mails the member once, and logs it", async () => {
    const account = await renewalDue();
    expect(membershipOf(account).status).toBe("renewal-due");
    const reference = referenceFor(account, label(current));
    const page = await recordForm(account);
    expect(page.form).not.toBeNull();
    expect(page.chosen).toBe(reference);
    expect(page.text).toContain(`Reference to look for: ${reference}; amount due: to be announced`);

    const press = await pages(formPostRequest(pathOf(account), entry(reference), office()));
    expect(press.status).toBe(303);
    expect(press.headers.get("location")).toBe(
      `/secretariat/applications/${account.key}?done=membership-payment-recorded`,
    );
    const stored = (await getAccount(account.key)) as Account;
    expect(stored.payments?.map((payment) => [payment.reference, payment.amount])).toEqual([
      [`ISGPB-${account.applicationId}-${label(current - 1)}`, null],
      [reference, 1000],
    ]);
    const state = membershipOf(stored);
    expect(state.status).toBe("active");
    expect(state.activeUntil).toBe(financialYearEnd(current, START));
    expect(state.activeUntil?.slice(5)).toBe("03-31");
    expect(await membershipPaymentOf(account, reference)).toMatchObject({
      amount: 1000,
      date: today,
      bankReference: "UTR-7001",
      recordedBy: OFFICE_EMAIL,
    });
    expect(sent.map((mail) => mail.body.to)).toEqual([[account.email]]);
    expect(sent[0]?.body.subject).toBe(`Payment received (${reference})`);
    expect(String(sent[0]?.body.text)).toContain("Amount received: ₹1,000");
    const lines = (await recentActions()).filter((line) => line.record === `account/${account.key}`);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ who: OFFICE_EMAIL, action: "payment" });
    expect(lines[0]?.summary).toContain(reference);

    const after = await recordForm(account);
    const rows = [...after.document.querySelectorAll('[aria-label="Payments confirmed"] tbody tr')].map(
      (row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent),
    );
    // The renewal with the bank's reference the office typed; the first year's, stored without
    // one, says so.
    expect(rows).toEqual([
      [
        `ISGPB-${account.applicationId}-${label(current - 1)}`,
        expect.any(String),
        expect.any(String),
        expect.any(String),
        NO_BANK_REFERENCE,
      ],
      [reference, "₹1,000", expect.any(String), expect.any(String), "UTR-7001"],
    ]);
    // Now active, the next year's renewal is what may be recorded, paid in advance.
    expect(after.chosen).toBe(referenceFor(account, label(current + 1)));
  });

  it("records once on a double press and on a replay of the same post", async () => {
    const account = await renewalDue();
    const reference = referenceFor(account, label(current));
    const presses = await Promise.all([
      pages(formPostRequest(pathOf(account), entry(reference), office())),
      pages(formPostRequest(pathOf(account), entry(reference), office())),
    ]);
    expect(presses.map((press) => press.headers.get("location")?.split("done=")[1]).sort()).toEqual([
      "membership-payment-recorded",
      "payment-already",
    ]);
    const replay = await scriptPress(account, entry(reference));
    expect(doneOf(replay.redirect)).toBe("payment-already");
    expect((await getAccount(account.key))?.payments).toHaveLength(2);
    expect(sent).toHaveLength(1);
    expect((await recentActions()).filter((line) => line.record === `account/${account.key}`)).toHaveLength(
      1,
    );
  });

  it("takes an in-arrears member's owed year, and a lapsed member's rejoining", async () => {
    const owing = await member({
      period: label(current - 1),
      paidOn: `${current - 1}-05-01`,
      remindedOn: { [label(current)]: addMonths(today, -4) },
    });
    expect(membershipOf(owing).status).toBe("in-arrears");
    const owed = referenceFor(owing, label(current));
    await pages(formPostRequest(pathOf(owing), entry(owed), office()));
    expect(membershipOf((await getAccount(owing.key)) as Account).status).toBe("active");

    const lapsed = await member({ period: label(current - 2), paidOn: `${current - 2}-05-01` });
    expect(membershipOf(lapsed).status).toBe("lapsed");
    const rejoin = referenceFor(lapsed, label(current));
    expect((await recordForm(lapsed)).chosen).toBe(rejoin);
    const press = await scriptPress(lapsed, entry(rejoin, "1200"));
    expect(doneOf(press.redirect)).toBe("membership-payment-recorded");
    const state = membershipOf((await getAccount(lapsed.key)) as Account);
    expect(state.status).toBe("active");
    // A rejoining begins the membership again: its period starts the day it was confirmed.
    expect(state.period?.from).toBe(today);
  });
});

describe("'Record a payment': life instalments", () => {
  it("adds the instalments up to a life membership", async () => {
    withFeesGiven();
    const account = await member({ membership: "2", period: "L1", paidOn: today, amount: 5000 });
    const second = referenceFor(account, "L2");
    expect((await recordForm(account)).text).toContain(
      `Reference to look for: ${second}; amount due: ₹7,200`,
    );
    await pages(formPostRequest(pathOf(account), entry(second, "3,000"), office()));
    let state = membershipOf((await getAccount(account.key)) as Account);
    expect(state.life).toBe(false);
    expect(state.next).toMatchObject({ reference: referenceFor(account, "L3"), amount: 4200 });
    await pages(formPostRequest(pathOf(account), entry(referenceFor(account, "L3"), "4200"), office()));
    const stored = (await getAccount(account.key)) as Account;
    expect(stored.payments?.map((payment) => payment.amount)).toEqual([5000, 3000, 4200]);
    state = membershipOf(stored);
    expect(state).toMatchObject({ status: "active", life: true, next: null });
    expect(sent).toHaveLength(2);
    // Nothing more is due: no form.
    expect((await recordForm(account)).form).toBeNull();
  });
});

describe("'Record a payment': a life fee still to be announced (decision 0025)", () => {
  it("takes the later instalments, and is a life membership only once one is marked as completing the fee", async () => {
    const account = await member({ membership: "2", period: "L1", paidOn: today, amount: 5000 });
    expect(membershipOf(account)).toMatchObject({ status: "active", life: false });
    expect(membershipOf(account).lifeFee).toMatchObject({ paid: 5000, owed: "TBA", instalments: 1 });
    const second = referenceFor(account, "L2");
    const press = await pages(formPostRequest(pathOf(account), entry(second, "4,000"), office()));
    expect(doneOf(press.headers.get("location"))).toBe("membership-payment-recorded");
    let state = membershipOf((await getAccount(account.key)) as Account);
    expect(state).toMatchObject({ life: false, next: { reference: referenceFor(account, "L3") } });
    // The last instalment allowed says so beside the tick that completes the fee; the second did not.
    const last = await recordForm((await getAccount(account.key)) as Account);
    const tick = last.form?.querySelector<HTMLInputElement>('input[name="completesFee"]');
    const hint = last.form?.querySelector(`#${tick?.getAttribute("aria-describedby")?.split(" ")[0]}`);
    expect(hint?.textContent).toBe(
      "Instalment 3 is the last the society's rules allow: tick this if it pays the rest of the fee. While the fee is to be announced, only this tick completes it.",
    );
    const third = { ...entry(referenceFor(account, "L3"), "3,200"), completesFee: "on" };
    await pages(formPostRequest(pathOf(account), third, office()));
    const stored = (await getAccount(account.key)) as Account;
    expect(stored.payments?.at(-1)).toMatchObject({ amount: 3200, completesFee: true });
    state = membershipOf(stored);
    expect(state).toMatchObject({ status: "active", life: true, next: null });
    expect(state.lifeFee).toMatchObject({ paid: 12_200, complete: true });
    const line = (await recentActions()).find((entry) => entry.summary.includes(referenceFor(account, "L3")));
    expect(line?.summary).toContain("marked as completing the life fee");
    expect(line?.summary).toContain("(instalment, amount due to be announced)");
  });
});

describe("'Record a payment': a late life instalment (issue 33, item 23)", () => {
  it("needs the reason it is accepted, beside the field; with one it counts and the status follows", async () => {
    withFeesGiven();
    // The first instalment 13 months ago, the second within its year: the year ended a month ago.
    const account = await member({
      membership: "2",
      period: "L1",
      paidOn: addMonths(today, -13),
      amount: 5000,
    });
    const second = {
      reference: referenceFor(account, "L2"),
      amount: 5000,
      paidOn: addMonths(today, -12),
      confirmedAt: `${addMonths(today, -12)}T06:00:00.000Z`,
    };
    await storeRecords(account.key, { payments: [second] });
    const late = referenceFor(account, "L3");
    expect(membershipOf((await getAccount(account.key)) as Account).next).toMatchObject({
      reference: late,
      amount: 2200,
      late: true,
    });

    const refused = await scriptPress(account, entry(late, "2,200"));
    expect(refused.status).toBe(400);
    expect((refused.data as { errors: Record<string, string> }).errors).toEqual({
      lateReason: expect.stringContaining("give the reason"),
    });
    // Without JavaScript: beside the field, the payment as typed.
    const plain = await postAndFollow(pages, pathOf(account), entry(late, "2,200"), office());
    const { document } = await readPage(plain.page);
    expect(document.querySelector("#lateReason-error")?.textContent).toContain("give the reason");
    expect(document.querySelector<HTMLInputElement>("#amount")?.value).toBe("2,200");
    expect((await getAccount(account.key))?.payments).toHaveLength(2);
    expect(sent).toHaveLength(0);

    const reason = "The transfer left the member's bank on the last day of the year.";
    const press = await scriptPress(account, { ...entry(late, "2,200"), lateReason: reason });
    expect(doneOf(press.redirect)).toBe("membership-payment-recorded");
    const stored = (await getAccount(account.key)) as Account;
    expect(stored.payments?.at(-1)).toMatchObject({ reference: late, lateReason: reason });
    expect(membershipOf(stored)).toMatchObject({ status: "active", life: true });
    expect(await membershipPaymentOf(account, late)).toMatchObject({ lateReason: reason });
  });
});

describe("'Record a payment' refuses, changing nothing", () => {
  async function unchanged(account: Account, reference: string) {
    expect((await getAccount(account.key))?.payments).toEqual(account.payments);
    expect(await membershipPaymentOf(account, reference)).toBeNull();
    expect(sent).toHaveLength(0);
    expect((await recentActions()).filter((line) => line.record === `account/${account.key}`)).toHaveLength(
      0,
    );
  }

  it("a reference not due from this member, with the error beside the field and the rest as typed", async () => {
    const account = await renewalDue();
    const other = await renewalDue();
    for (const reference of [
      referenceFor(account, label(current + 1)),
      // The application's own kind of reference, for the year now due: not how a renewal is named.
      `ISGPB-${account.applicationId}-${label(current)}`,
      referenceFor(other, label(current)),
      "not a reference",
    ]) {
      const refused = await postAndFollow(pages, pathOf(account), entry(reference), office());
      expect(refused.post.status, reference).toBe(303);
      const { document } = await readPage(refused.page);
      expect(document.querySelector("#reference-error")?.textContent).toContain(
        "This payment is not due from this member",
      );
      expect(document.querySelector<HTMLInputElement>("#bankReference")?.value).toBe("UTR-7001");
      expect(document.querySelector<HTMLInputElement>("#amount")?.value).toBe("1,000");
      await unchanged(account, reference);
    }
    const script = await scriptPress(account, entry(referenceFor(account, label(current + 1))));
    expect(script.status).toBe(400);
    expect((script.data as { errors: Record<string, string> }).errors.reference).toContain("not due");
  });

  it("a date after today in India, or before the application was made", async () => {
    const account = await renewalDue();
    const reference = referenceFor(account, label(current));
    for (const [date, words] of [
      ["2030-01-01", "cannot be after today"],
      ["1941-01-01", "cannot be before the application was made"],
    ] as const) {
      const refused = await scriptPress(account, { ...entry(reference), date });
      expect(refused.status, date).toBe(400);
      expect((refused.data as { errors: Record<string, string> }).errors.date).toContain(words);
      await unchanged(account, reference);
    }
  });

  it("an amount the rule refuses", async () => {
    const account = await renewalDue();
    const reference = referenceFor(account, label(current));
    for (const amount of ["12.5", "lots", "", "10,00,001", " 1,2,3 ", "1,0,00", "10,00"]) {
      const refused = await postAndFollow(pages, pathOf(account), entry(reference, amount), office());
      const { document } = await readPage(refused.page);
      expect(document.querySelector("#amount-error"), amount).not.toBeNull();
      expect(document.querySelector<HTMLInputElement>("#amount")?.value).toBe(amount);
      await unchanged(account, reference);
    }
  });

  it("a pending application (that is 'Payment received'): no form, and a post records nothing", async () => {
    const pending = await makeAccount(`pending${serial++}@example.org`);
    expect((await recordForm(pending)).form).toBeNull();
    const reference = `ISGPB-${pending.applicationId}-${label(current)}`;
    const refused = await scriptPress(pending, entry(reference));
    expect(refused.status).toBe(400);
    const plain = await pages(formPostRequest(pathOf(pending), entry(reference), office()));
    expect(plain.status).toBe(303);
    expect((await getAccount(pending.key))?.status).toBe("pending-payment");
    expect((await getAccount(pending.key))?.payments).toBeUndefined();
    expect(sent).toHaveLength(0);
  });

  it("a member's own session (403) and a visitor (401), on the action and the page", async () => {
    const account = await renewalDue();
    const reference = referenceFor(account, label(current));
    const own = await cookieFor(account);
    expect((await pages(formPostRequest(pathOf(account), entry(reference), own))).status).toBe(403);
    expect((await pages(formPostRequest(pathOf(account), entry(reference)))).status).toBe(401);
    expect((await scriptPress(account, entry(reference), own)).status).toBe(403);
    expect((await scriptPress(account, entry(reference), "")).status).toBe(401);
    expect((await pages(pageRequest(`/secretariat/applications/${account.key}`, own))).status).toBe(403);
    expect((await pages(pageRequest(`/secretariat/applications/${account.key}`))).status).toBe(401);
    await unchanged(account, reference);
  });

  it("a failing store: the page back as typed, a script told 503, no stack trace", async () => {
    const account = await renewalDue();
    const reference = referenceFor(account, label(current));
    // The payment cannot be written (the workspace's own records can be read): the transaction
    // holding it, its mail and its audit line is taken back whole.
    await sql`CREATE FUNCTION refuse_payment() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'payments unavailable at /var/task/main.js:1:1'; END; $$`.execute(database());
    await sql`CREATE TRIGGER refuse_payment BEFORE INSERT ON payments
      FOR EACH ROW EXECUTE FUNCTION refuse_payment()`.execute(database());
    const mend = async () => {
      await sql`DROP TRIGGER IF EXISTS refuse_payment ON payments`.execute(database());
      await sql`DROP FUNCTION IF EXISTS refuse_payment()`.execute(database());
    };
    onTestFinished(mend);
    expectConsole("error", new RegExp(`POST /secretariat/applications/${account.key} failed`));
    expectConsole("error", new RegExp(`POST /secretariat/applications/${account.key}\\.data failed`));
    const response = await pages(scriptPostRequest(pathOf(account), entry(reference, "1,000"), office()));
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).not.toBeNull();
    const json = await response.clone().text();
    const script = await readData(response);
    expect(script.data).toMatchObject({
      message: "Nothing was changed: we could not reach our records just now. Please try again in a minute.",
      values: { amount: "1,000", bankReference: "UTR-7001" },
    });
    const plain = await postAndFollow(pages, pathOf(account), entry(reference, "1,000"), office());
    await mend();
    expect(plain.post.headers.get("retry-after")).not.toBeNull();
    const { html, document } = await readPage(plain.page);
    expect(document.querySelector(`form[action="${pathOf(account)}"] [role="status"]`)?.textContent).toBe(
      "Nothing was changed: we could not reach our records just now. Please try again in a minute.",
    );
    expect(document.querySelector<HTMLInputElement>("#amount")?.value).toBe("1,000");
    expect(document.querySelector<HTMLInputElement>("#bankReference")?.value).toBe("UTR-7001");
    for (const text of [json, html]) {
      expect(text).not.toContain("payments unavailable");
      expect(text).not.toContain("/var/task");
    }
    await unchanged(account, reference);
  });
});

describe("finding members to record payments for", () => {
  /** The keys the list page's data holds for this query (its script's `.data`). */
  const list = async (query: string) => {
    const answer = await readData(
      await pages(
        pageRequest(`/secretariat/applications.data${query}`, office(), { headers: { accept: "*/*" } }),
      ),
    );
    const routes = answer.data as Record<string, { data: { rows: { key: string }[] } }>;
    return routes["routes/secretariat-applications"]?.data.rows.map((row) => row.key);
  };

  it("searches by member number and by any payment reference, and filters by status", async () => {
    withFeesGiven();
    const life = await member({ membership: "2", period: "L1", paidOn: today, amount: 12_200 });
    const due = await renewalDue();
    expect(await list(`?q=${memberNumberOf(life.applicationId).toLowerCase()}`)).toEqual([life.key]);
    expect(
      await list(`?q=${encodeURIComponent(`ISGPB-${due.applicationId}-${label(current - 1)}`)}`),
    ).toEqual([due.key]);
    expect(await list(`?q=${memberNumberOf(due.applicationId)}&status=renewal-due`)).toEqual([due.key]);
    expect(await list(`?q=${memberNumberOf(due.applicationId)}&status=active`)).toEqual([]);
    const { text, document } = await readPage(
      await pages(pageRequest(`/secretariat/applications?q=${memberNumberOf(life.applicationId)}`, office())),
    );
    expect(text).toContain("1 application found");
    expect(document.querySelector('label[for="q"]')?.textContent).toBe(
      "Name, e-mail, member number, reference or bank reference",
    );
  });

  it("finds a recorded payment by the bank's reference, whatever its spacing, and keeps it in My data", async () => {
    const account = await renewalDue();
    const reference = referenceFor(account, label(current));
    const press = await pages(
      formPostRequest(pathOf(account), { ...entry(reference), bankReference: "UTR 4410 2231" }, office()),
    );
    expect(press.status).toBe(303);
    const stored = (await getAccount(account.key)) as Account;
    expect(stored.payments?.at(-1)).toMatchObject({ reference, bankReference: "UTR 4410 2231" });
    expect(await list("?q=utr%204410%202231")).toEqual([account.key]);
    // As the statement may print it, without the spaces the office typed.
    expect(await list("?q=UTR44102231")).toEqual([account.key]);
    expect(await list("?q=UTR%204410%209999")).toEqual([]);
    const data = await collectMyData(stored);
    expect(data.payments.at(-1)).toMatchObject({ reference, bankReference: "UTR 4410 2231" });
  });
});
