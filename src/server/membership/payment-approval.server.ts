import { APPROVAL_OUTCOMES } from "#shared/account.ts";
import { paymentDateProblem } from "#shared/forms/payment-fields.ts";
import { formatAmount } from "#shared/membership/amount.ts";
import { type Day, dayInIndia } from "#shared/membership/calendar.ts";
import { approvalFormSchema } from "#shared/schemas/payment.ts";
import { type Account, type AccountPayment, lockAccount, shownStatus } from "../account/accounts.server.ts";
import { currentAccount } from "../account/sessions.server.ts";
import { inTransaction, type Tx } from "../db/database.server.ts";
import { readEnv, signingSecret, siteUrl } from "../env.server.ts";
import type { FormAnswer, FormSpec } from "../forms/form-post.server.ts";
import { receiptFileName, receiptOfPayment } from "../receipts/receipts.server.ts";
import { recordAction } from "../secretariat/audit.server.ts";
import { readToken, signToken } from "../signed-token.server.ts";
import { deliverPending, type Submission, storeSubmission } from "../submissions.server.ts";
import { activatedMail, renewedApprovalMail } from "./application-mails.server.ts";
import { confirmPayment, membershipOf, type PaymentConfirmation } from "./membership.server.ts";
import { paymentReceivedMail } from "./membership-mails.server.ts";
import { longDay, statusLine } from "./membership-panel.server.ts";
import { accountOfApplication } from "./membership-records.server.ts";

/**
 * The secretariat's link for confirming a payment: a signed token naming the account, valid for
 * APPROVAL_LIFETIME_MS. The link opens a page; only that page's button (a POST) changes anything,
 * so a mail scanner that follows the link does not activate the account.
 */
const PURPOSE = "payment-approval";
export const APPROVAL_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;
export const APPROVAL_PAGE = "/approve-payment";

/**
 * The account and application a link confirms a payment for; `reference` names the payment (a
 * renewal, a life instalment), and without it the link confirms the application's own payment.
 */
export type Approval = { account: string; application: string; reference?: string };

export async function approvalUrl(
  origin: string,
  secret: string,
  approval: Approval,
  now = new Date(),
): Promise<string> {
  const token = await signToken(secret, PURPOSE, approval, new Date(now.getTime() + APPROVAL_LIFETIME_MS));
  return `${origin}${APPROVAL_PAGE}?token=${encodeURIComponent(token)}`;
}

export type ApprovalCheck =
  | { ok: true; approval: Approval }
  | { ok: false; status: 400; error: string }
  // An expired link still names its application, so the page can ask for a fresh link.
  | { ok: false; status: 410; error: string; approval: Approval };

export async function readApproval(secret: string, token: unknown, now = new Date()): Promise<ApprovalCheck> {
  const check = await readToken<Approval>(secret, PURPOSE, token, now);
  if (check.ok) return { ok: true, approval: check.data };
  if (check.reason === "expired")
    return {
      ok: false,
      status: 410,
      error: APPROVAL_OUTCOMES.expired,
      approval: check.data,
    };
  return {
    ok: false,
    status: 400,
    error: APPROVAL_OUTCOMES.invalid,
  };
}

/** What a press of 'Mark payment received' or 'E-mail a fresh link' came to. */
export type ApprovalOutcome =
  | { outcome: "approved" | "single-copy" | "already"; applicationId: string }
  | { outcome: "renewed" | "active"; applicationId: string; message: string }
  | {
      outcome: "invalid" | "expired" | "gone" | "rejected";
      status: 400 | 404 | 409 | 410;
      error: string;
      applicationId?: string;
    }
  /** A date received before the application was made: nothing recorded, the problem beside the field. */
  | { outcome: "date"; status: 400; error: string; fields: { date: string } };

export const DATE_REFUSED = "The payment was not recorded: please correct the date received.";

/** The day the application was made, in India: no payment for it reached the society before. */
export function applicationDay(account: Account): Day | null {
  const made = new Date(account.submittedAt);
  return Number.isNaN(made.getTime()) ? null : dayInIndia(made);
}

const dateBeforeApplication = (account: Account, date: Day): string | null =>
  paymentDateProblem(date, { today: date, earliest: applicationDay(account) });

export const NO_ACCOUNT = APPROVAL_OUTCOMES.gone;

/**
 * Who the audit log names for a payment recorded through the link, when no secretariat account is
 * signed in where it was pressed: the link goes to the office's address, and anyone there may use it.
 */
export const LINK_HOLDER = "the office's e-mailed link";

/**
 * The account a link names: the one its application made, wherever its address is now (a member
 * who changed address since the link was sent, or closed the website account: the membership's
 * record stays, decision 0037). The link is signed, so its application id is ours.
 */
export const accountFor = (approval: Approval, db?: Tx) => accountOfApplication(approval.application, db);

/**
 * The payment a link names, while it is due: its reference and amount (a number, or "TBA"), for
 * the page to show beside 'Amount received'.
 */
export function amountDue(account: Account, approval: Approval, now = new Date()) {
  const next = membershipOf(account, now).next;
  if (!next) return null;
  const named = approval.reference ? next.reference === approval.reference : next.kind === "application";
  return named ? { reference: next.reference, amount: next.amount } : null;
}

/** The applicant was told the application was not accepted: a stale link records nothing. */
const rejectedOutcome = (account: Account): ApprovalOutcome | null =>
  shownStatus(account) === "rejected"
    ? {
        outcome: "rejected",
        status: 409,
        error: APPROVAL_OUTCOMES.rejected,
        applicationId: account.applicationId,
      }
    : null;

const refused = (check: Extract<ApprovalCheck, { ok: false }>): ApprovalOutcome =>
  check.status === 410
    ? { outcome: "expired", status: 410, error: check.error, applicationId: check.approval.application }
    : { outcome: "invalid", status: 400, error: check.error };

/** What the link's page says reached the society: the rupees (so life instalments add up) and the day. */
export type ApprovalEntry = { amount: number; date: Day; completesFee: boolean };

/**
 * 'Mark payment received': records the payment the link names on the account, once (the same
 * payment confirmed again records nothing); the day it was received sets the period it pays for.
 * The member is told by e-mail.
 */
export async function approvePayment(
  token: unknown,
  origin: string,
  entry: ApprovalEntry,
  now = new Date(),
  who: string = LINK_HOLDER,
): Promise<ApprovalOutcome> {
  const check = await readApproval(signingSecret(), token, now);
  if (!check.ok) return refused(check);
  const gone = { outcome: "gone", status: 404, error: NO_ACCOUNT } as const;
  const named = await accountFor(check.approval);
  if (!named) return gone;
  const early = dateBeforeApplication(named, entry.date);
  const { amount, completesFee } = entry;
  // One transaction on the locked account: the payment, its mail and its audit line, or nothing.
  // A second press at the same moment (here or the workspace's button) waits, then finds it in.
  const result = await inTransaction(async (tx): Promise<ApprovalOutcome | PaymentTold> => {
    const account = await lockAccount(tx, named.key);
    if (!account) return gone;
    const rejected = rejectedOutcome(account);
    if (rejected) return rejected;
    if (early) return { outcome: "date", status: 400, error: DATE_REFUSED, fields: { date: early } };
    const told = await recordPaymentAndTell(
      tx,
      account,
      { reference: check.approval.reference, amount, completesFee, receivedOn: entry.date },
      origin,
      now,
      who,
    );
    if (told.recorded) {
      const { payment } = told;
      await recordAction(
        {
          who,
          action: "payment",
          record: `account/${account.key}`,
          summary: `Payment received for ${account.applicationId} through the e-mailed link: ₹${amount.toLocaleString("en-IN")}${payment?.reference ? `, reference ${payment.reference}` : ""}`,
        },
        now,
        tx,
      );
    }
    return told;
  });
  if ("outcome" in result) return result;
  await deliverTold(result);
  const { account, recorded } = result;
  const bought = membershipOf(account, now).rule === "single" ? "single-copy" : "approved";
  return { outcome: recorded ? bought : "already", applicationId: account.applicationId };
}

/** A payment recorded (or found recorded) and the member's mail queued with it, if it was. */
export type PaymentTold = {
  account: Account;
  recorded: boolean;
  mail: Submission<unknown> | null;
  /** The payment this call recorded. */
  payment?: AccountPayment;
};

/** After the commit: the member's mail of a payment just recorded, sent now if it can be. */
export async function deliverTold(told: PaymentTold): Promise<void> {
  if (told.mail) await deliverPending(told.mail);
}

/**
 * The payment is in: recorded on the account once (setting its period) and the member told by
 * e-mail, once. What the signed link's button does, and the workspace's 'Payment received'.
 */
export async function recordPaymentAndTell(
  tx: Tx,
  before: Account,
  confirmation: PaymentConfirmation,
  origin: string,
  now = new Date(),
  confirmedBy?: string,
): Promise<PaymentTold> {
  const { account, recorded, payment } = await confirmPayment(tx, before, confirmation, now, confirmedBy);
  if (!recorded) return { account, recorded, mail: null };
  const first = before.status !== "active";
  const state = membershipOf(account, now);
  // The payment's receipt, issued with it (decision 0055): its number in the mail, its PDF attached.
  const document = payment ? await receiptOfPayment(payment.reference, tx) : null;
  // A receipt: what was received, by its reference, the day it arrived and the day it was recorded.
  const receipt = {
    reference: payment?.reference ?? "",
    amount: typeof payment?.amount === "number" ? formatAmount(payment.amount) : null,
    receivedOn: longDay(payment?.paidOn ?? dayInIndia(now)),
    recordedOn: longDay(dayInIndia(now)),
    receiptNumber: document?.number,
  };
  const composed = first
    ? await activatedMail(
        account,
        {
          ...receipt,
          memberNumber: state.memberNumber ?? "",
          status: statusLine(state),
          singleCopy: state.rule === "single",
        },
        account.closedAt ? null : `${origin}/login`,
      )
    : await paymentReceivedMail(
        account,
        receipt,
        statusLine(state),
        // A closed website account has no page to point to; its membership's record stays.
        account.closedAt ? null : `${origin}/account`,
      );
  const mail = document
    ? { ...composed, attachments: [{ filename: receiptFileName(document.number), receipt: document }] }
    : composed;
  const { submission, duplicate } = await storeSubmission(
    "membership-activated",
    { applicationId: account.applicationId, ...(first ? {} : { reference: payment?.reference }) },
    { member: mail },
    now,
    tx,
  );
  return { account, recorded, mail: duplicate ? null : submission, ...(payment ? { payment } : {}) };
}

/** Whether the payment a link names is recorded already. */
const alreadyPaid = (account: Account, approval: Approval) =>
  approval.reference
    ? (account.payments ?? []).some((payment) => payment.reference === approval.reference)
    : account.status === "active";

/** 'E-mail a fresh link to the secretariat', from a genuine link, expired or not. */
export async function renewApprovalLink(token: unknown, origin: string): Promise<ApprovalOutcome> {
  const check = await readApproval(signingSecret(), token);
  if (!("approval" in check)) return refused(check);
  const account = await accountFor(check.approval);
  if (!account) return { outcome: "gone", status: 404, error: NO_ACCOUNT };
  const rejected = rejectedOutcome(account);
  if (rejected) return rejected;
  const { applicationId } = account;
  if (alreadyPaid(account, check.approval))
    return { outcome: "active", applicationId, message: APPROVAL_OUTCOMES.active };
  const link = await approvalUrl(origin, signingSecret(), check.approval);
  const mail = await renewedApprovalMail(account.name, applicationId, link, readEnv().SECRETARIAT_EMAIL);
  // One record a day per application: asking again the same day sends nothing more.
  const { submission, duplicate } = await storeSubmission(
    "approval-link",
    { applicationId },
    { secretariat: mail },
  );
  if (!duplicate) await deliverPending(submission);
  return {
    outcome: "renewed",
    applicationId,
    message: APPROVAL_OUTCOMES.renewed,
  };
}

/**
 * Where a press is shown its outcome: the page with the outcome and the application id and, for an
 * expired link, the token again, so that page's own button can ask for a fresh link.
 */
export function approvalResultPage(
  result: Exclude<ApprovalOutcome, { outcome: "date" }>,
  token: unknown,
): string {
  const search = new URLSearchParams({ status: result.outcome });
  if (result.applicationId) search.set("id", result.applicationId);
  if (result.outcome === "expired" && typeof token === "string") search.set("token", token);
  return `${APPROVAL_PAGE}?${search}`;
}

/** The secretariat address signed in where the link's button was pressed, if any. */
async function pressedBy(request: Request): Promise<string> {
  const account = await currentAccount(request);
  return account?.role === "secretariat" ? account.email : LINK_HOLDER;
}

/**
 * The approval page's buttons ('Mark payment received' with the amount received, or, on an
 * expired link, 'E-mail a fresh link'): the page's action. The page's form posts to its own
 * address, the link's token in it and in the address.
 */
export const paymentApprovalForm: FormSpec<typeof approvalFormSchema> = {
  name: "payment-approval",
  schema: approvalFormSchema,
  maxBytes: 4096,
  invalid: "The payment was not recorded: please correct the amount.",
  unavailable: "Nothing was recorded: we could not reach our records just now. Please try again in a minute.",
  async handle(press, { request }): Promise<FormAnswer> {
    const token = press.token ?? new URL(request.url).searchParams.get("token");
    const origin = siteUrl(request);
    const result =
      press.action === "renew"
        ? await renewApprovalLink(token, origin)
        : await approvePayment(token, origin, press, new Date(), await pressedBy(request));
    if (result.outcome === "date")
      return { ok: false, status: result.status, error: result.error, fields: result.fields };
    const redirect = approvalResultPage(result, token);
    if ("error" in result) return { ok: false, status: result.status, error: result.error, redirect };
    if ("message" in result) return { ok: true, redirect };
    return { ok: true, redirect };
  },
};
