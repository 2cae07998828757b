/**
 * Receipts (issue 58, item 4; decision 0055): each payment the ledger records gets the next number
 * of its financial year's series in the payment's own transaction, is mailed with its PDF, and is
 * downloadable by its member alone.
 */
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { database } from "../../src/server/db/database.server.ts";
import { deliverDue, queueMails } from "../../src/server/mail/outbox.server.ts";
import { receiptOfPayment, receiptSeries } from "../../src/server/receipts/receipts.server.ts";
import { todayInIndia } from "../../src/shared/format-date.ts";
import { resendBatchAccepts, type SentBatch } from "../mocks/resend.ts";
import { pageServer, readPage } from "../support/page-server.ts";
import { formPostRequest, pageRequest } from "../support/requests.ts";
import { cookieFor, makeAccount, workspaceFunctionTests } from "../support/secretariat.ts";

const { sent, msw, office, pages } = workspaceFunctionTests();

let accountPages: ReturnType<typeof pageServer> | undefined;
const memberPage = async (request: Request) => {
  accountPages ??= pageServer((path) => path === "account" || path.startsWith("account/"));
  return (await accountPages)(request);
};

/** A confirmed applicant waiting for the first payment. */
const applicant = (email: string) =>
  makeAccount(email, { submittedAt: new Date(Date.now() - 10 * 86_400_000).toISOString() });

/** The workspace's 'Payment received' on the account, as a form post without JavaScript. */
const recordPayment = (key: string, bankReference: string) =>
  pages(
    formPostRequest(
      `/secretariat/applications/${key}?do=payment`,
      { amount: "1500", date: todayInIndia(), bankReference },
      office(),
    ),
  );

const receiptsOf = (accountId: string) =>
  database().selectFrom("receipts").selectAll().where("account_id", "=", accountId).execute();

async function readPdf(bytes: Uint8Array) {
  expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  return { title: pdf.getTitle(), subject: pdf.getSubject(), pages: pdf.getPageCount() };
}

describe("receipts", () => {
  it("numbers two payments confirmed at the same moment consecutively in the year's series, with no gap and no duplicate", async () => {
    const [first, second] = await Promise.all([
      applicant("race.one@example.org"),
      applicant("race.two@example.org"),
    ]);
    if (!first || !second) throw new Error("two applicants");
    const answers = await Promise.all([
      recordPayment(first.key, "UTR-A-1"),
      recordPayment(second.key, "UTR-B-1"),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([303, 303]);
    const series = receiptSeries(new Date());
    const rows = await database().selectFrom("receipts").selectAll().orderBy("seq").execute();
    expect(rows.map((row) => row.seq)).toEqual([1, 2]);
    expect(rows.map((row) => row.number)).toEqual([`ISGPB/${series}/000001`, `ISGPB/${series}/000002`]);
    expect(new Set(rows.map((row) => row.account_id))).toEqual(new Set([first.key, second.key]));
    const counter = await database().selectFrom("receipt_series").selectAll().execute();
    expect(counter).toEqual([{ series, last: 2 }]);
  });

  it("gives a payment recorded twice one receipt, and mails its PDF with the payment's mail", async () => {
    const account = await applicant("mailed.receipt@example.org");
    await Promise.all([recordPayment(account.key, "UTR-M-1"), recordPayment(account.key, "UTR-M-1")]);
    const [receipt, ...more] = await receiptsOf(account.key);
    expect(more).toHaveLength(0);
    if (!receipt) throw new Error("a receipt");
    const mails = sent.filter((mail) => (mail.body.to as string[]).includes(account.email));
    expect(mails).toHaveLength(1);
    const body = mails[0]?.body as { text: string; attachments?: { filename: string; content: string }[] };
    expect(body.text).toContain(`${receipt.number} (attached as a PDF)`);
    expect(body.attachments?.map((file) => file.filename)).toEqual([
      `${receipt.number.replaceAll("/", "-")}.pdf`,
    ]);
    const pdf = await readPdf(Buffer.from(body.attachments?.[0]?.content ?? "", "base64"));
    expect(pdf.title).toBe(`Receipt ${receipt.number}`);
    expect(pdf.subject).toContain("Indian Society of Genetics and Plant Breeding");
    expect(pdf.pages).toBe(1);
  });

  it("lets the member download their own receipt from the account page, and answers 404 for another member's", async () => {
    const owner = await applicant("owner.receipt@example.org");
    const other = await applicant("other.member@example.org");
    await recordPayment(owner.key, "UTR-O-1");
    const [receipt] = await receiptsOf(owner.key);
    if (!receipt) throw new Error("a receipt");
    const file = `${receipt.number.replaceAll("/", "-")}.pdf`;

    const page = await readPage(await memberPage(pageRequest("/account", await cookieFor(owner))));
    const link = page.document.querySelector(`a[href="/account/receipts/${file}"]`);
    expect(link?.textContent).toBe(`Receipt ${receipt.number} (PDF)`);

    const own = await memberPage(pageRequest(`/account/receipts/${file}`, await cookieFor(owner)));
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("application/pdf");
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    expect((await readPdf(new Uint8Array(await own.arrayBuffer()))).title).toBe(`Receipt ${receipt.number}`);

    const theirs = await memberPage(pageRequest(`/account/receipts/${file}`, await cookieFor(other)));
    expect(theirs.status).toBe(404);
    expect(theirs.headers.get("content-type")).not.toContain("pdf");
    const unknown = await memberPage(
      pageRequest("/account/receipts/ISGPB-1999-00-000001.pdf", await cookieFor(owner)),
    );
    expect(unknown.status).toBe(404);

    const signedOut = await memberPage(pageRequest(`/account/receipts/${file}`));
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get("location")).toContain("/login");
  });
});

describe("a mail with a receipt in the scheduled sender", () => {
  it("goes on its own call while the mails beside it go in one batch", async () => {
    const batches: SentBatch[] = [];
    msw.use(resendBatchAccepts(batches));
    const account = await applicant("scheduled.receipt@example.org");
    await recordPayment(account.key, "UTR-S-1");
    const [receipt] = await receiptsOf(account.key);
    const document = receipt ? await receiptOfPayment((await paymentOf(receipt.payment_id)).reference) : null;
    if (!document) throw new Error("a receipt");
    const plain = (key: string) => ({
      key,
      name: "plain",
      mail: { to: ["someone@example.org"], subject: key, text: key, html: `<p>${key}</p>` },
    });
    await queueMails(database(), [
      plain("plain-1"),
      {
        key: "with-receipt",
        name: "receipt",
        mail: {
          to: [account.email],
          subject: "receipt",
          text: "receipt",
          html: "<p>receipt</p>",
          attachments: [{ filename: "receipt.pdf", receipt: document }],
        },
      },
      plain("plain-2"),
    ]);
    sent.length = 0;
    const run = await deliverDue({ budgetMs: 20_000 });
    expect(run.failed).toBe(0);
    expect(batches.map((batch) => batch.emails.map((email) => email.subject))).toEqual([
      ["plain-1", "plain-2"],
    ]);
    expect(sent.map((mail) => mail.body.subject)).toEqual(["receipt"]);
    expect(sent[0]?.body.attachments).toHaveLength(1);
  });
});

const paymentOf = (id: string) =>
  database().selectFrom("payments").select("reference").where("id", "=", id).executeTakeFirstOrThrow();
