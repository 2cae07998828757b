/**
 * What the Blobs records become in the database: the rows, worked out from a snapshot of the
 * stores without touching the database (import-write.ts writes them). Pure, so a dry run and a
 * real run plan the same rows, and a second run plans them again to find them all there.
 *
 * An account's id is derived from what names it for good (its application, or for a secretariat
 * account the first key it had), so every run gives it the same id and its payments, notices,
 * rejections, sessions and audit lines point at it before it is written.
 */
import { createHash } from "node:crypto";
import type { Insertable } from "kysely";
import { dayInIndia } from "#shared/membership/calendar.ts";
import type { Database } from "../../src/server/db/schema.server.ts";
import { applicationIdOfData } from "../../src/server/submissions.server.ts";
import type {
  BlobsAccount,
  BlobsAuditLine,
  BlobsFlash,
  BlobsHeld,
  BlobsHeldAction,
  BlobsIssue,
  BlobsOwnDetails,
  BlobsPaymentEntry,
  BlobsPrivacyChoice,
  BlobsSession,
  BlobsSubmission,
  BlobsSubscriber,
  BlobsUsedLink,
} from "./blobs-records.ts";

/** What was read: each kind's records by their store key (skipped kinds are only counted). */
export type BlobsSnapshot = {
  records: Map<string, Map<string, unknown>>;
  /** Keys found, by kind, skipped ones included. */
  found: Map<string, number>;
  /** `<store>/<key>` of keys no code of the old site wrote. */
  unknown: string[];
};

type Row<T extends keyof Database> = Insertable<Database[T]>;

/** A newsletter copy: its subscriber and its outbox row are found by address and key when written. */
export type CopyRow = { issue_id: string; email: string; outbox_key: string; queued_at: string };

export type ImportPlan = {
  accounts: Row<"accounts">[];
  account_addresses: Row<"account_addresses">[];
  payments: Row<"payments">[];
  notices: Row<"notices">[];
  rejections: Row<"rejections">[];
  sessions: Row<"sessions">[];
  used_links: Row<"used_links">[];
  directory_privacy: Row<"directory_privacy">[];
  own_details: Row<"own_details">[];
  audit_log: Row<"audit_log">[];
  submissions: Row<"submissions">[];
  outbox: Row<"outbox">[];
  held_submissions: Row<"held_submissions">[];
  used_form_tokens: Row<"used_form_tokens">[];
  form_flashes: Row<"form_flashes">[];
  subscribers: Row<"subscribers">[];
  newsletter_issues: Row<"newsletter_issues">[];
  newsletter_copies: CopyRow[];
  /** Records read and deliberately not imported (expired, ended, or dead by their own rules), by kind. */
  dropped: Map<string, number>;
  /** What a person should look at: records that could not be tied to what they name. */
  warnings: string[];
};

// The old site's lifetimes (commit 8f3dfa6): past these a record was dead by its own rules.
const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
const SECRETARIAT_IDLE_MS = 30 * 60 * 1000;
/** A used link's marker was kept this long after its use: the longest link (72 h) plus an hour. */
const USED_LINK_KEPT_MS = 73 * 60 * 60 * 1000;
/** A form token lived a day: a used one need not be remembered past its use plus a day and an hour. */
const USED_TOKEN_KEPT_MS = 25 * 60 * 60 * 1000;
const FLASH_MS = 600 * 1000;

const ADDRESS_KEY = /^[0-9a-f]{64}$/;
export const addressKeyOf = (email: string) =>
  createHash("sha256").update(email.trim().toLowerCase()).digest("hex");

/** A UUID (version 8, name-based) from a name: the same name gives the same id on every run. */
export function idFrom(name: string): string {
  const hex = createHash("sha256").update(`isgpb-import-blobs\n${name}`).digest("hex").slice(0, 32);
  const variant = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The id an old account gets: by its application, or (the secretariat's) by the first key it had. */
export function accountIdOf(account: BlobsAccount): string {
  const first = account.formerKeys?.[0]?.key ?? account.key;
  return idFrom(account.applicationId ? `application/${account.applicationId}` : `key/${first}`);
}

/** One stretch of an account's life under one key: the key's hash named it from `since` to `until`. */
type Segment = { key: string; since: number; until: number | null; accountId: string };

function segmentsOf(account: BlobsAccount, accountId: string): Segment[] {
  const former = account.formerKeys ?? [];
  const segments: Segment[] = [];
  let since = Date.parse(account.submittedAt);
  for (const { key, until } of former) {
    const end = Date.parse(until);
    segments.push({ key, since: Math.min(since, end), until: end, accountId });
    since = end;
  }
  segments.push({ key: account.key, since, until: null, accountId });
  return segments;
}

/** Finds the account an old key named at a moment: the one that held the key then, else its last holder. */
class KeyIndex {
  private readonly byKey = new Map<string, Segment[]>();
  add(segment: Segment) {
    const list = this.byKey.get(segment.key) ?? [];
    list.push(segment);
    this.byKey.set(segment.key, list);
  }
  resolve(key: string, at?: string | number): string | undefined {
    const list = this.byKey.get(key);
    if (!list) return undefined;
    const time = typeof at === "string" ? Date.parse(at) : at;
    if (time !== undefined && !Number.isNaN(time)) {
      const held = list.find((s) => s.since <= time && (s.until === null || time < s.until));
      if (held) return held.accountId;
    }
    return list.reduce((a, b) => (b.since > a.since ? b : a)).accountId;
  }
}

const iso = (ms: number) => new Date(ms).toISOString();
const json = (value: unknown) => JSON.stringify(value);
const entries = <T>(snapshot: BlobsSnapshot, kind: string) =>
  [...(snapshot.records.get(kind) ?? new Map<string, unknown>()).entries()] as [string, T][];

/** The notices removal counts from (decision 0025): the renewal reminder, a life fee's overdue notice. */
const COUNTING_KINDS = ["renewal-reminder", "instalment-overdue"];

export function planImport(snapshot: BlobsSnapshot, now: Date): ImportPlan {
  const plan: ImportPlan = {
    accounts: [],
    account_addresses: [],
    payments: [],
    notices: [],
    rejections: [],
    sessions: [],
    used_links: [],
    directory_privacy: [],
    own_details: [],
    audit_log: [],
    submissions: [],
    outbox: [],
    held_submissions: [],
    used_form_tokens: [],
    form_flashes: [],
    subscribers: [],
    newsletter_issues: [],
    newsletter_copies: [],
    dropped: new Map(),
    warnings: [],
  };
  const drop = (kind: string) => plan.dropped.set(kind, (plan.dropped.get(kind) ?? 0) + 1);
  const accounts = entries<BlobsAccount>(snapshot, "members/account").map(([, account]) => account);
  const submissions = entries<BlobsSubmission>(snapshot, "submissions/submission").map(([, s]) => s);
  const audit = entries<BlobsAuditLine>(snapshot, "secretariat/audit").map(([, line]) => line);

  // Former addresses are known only by their hash: their words are found where the records name them.
  const addresses = new Map<string, string>();
  const know = (email: unknown) => {
    if (typeof email === "string" && email.includes("@")) addresses.set(addressKeyOf(email), email.trim());
  };
  for (const s of submissions) {
    const data = s.data as Record<string, unknown> | null;
    for (const field of ["email", "newEmail", "oldEmail"]) know(data?.[field]);
    for (const { mail } of Object.values(s.mails ?? {})) for (const to of mail.to ?? []) know(to);
  }
  for (const [, own] of entries<BlobsOwnDetails>(snapshot, "members/own-details")) {
    know(own.email);
    know(own.sheetEmail);
  }
  for (const account of accounts) {
    know(account.directoryEmail);
    know(account.email);
  }

  const keys = new KeyIndex();
  const ids = new Map<BlobsAccount, string>();
  for (const account of accounts) {
    const id = accountIdOf(account);
    ids.set(account, id);
    for (const segment of segmentsOf(account, id)) keys.add(segment);
  }

  // Who entered each payment in the workspace (the signed link's own approvals have nobody).
  const entered = new Map<string, string>();
  // And the bank's reference it was entered with: an account activated before its payments kept
  // one has it only here, and the workspace shows it beside the payment.
  const enteredBank = new Map<string, string>();
  for (const [key, entry] of entries<BlobsPaymentEntry>(snapshot, "secretariat/payment-entry")) {
    const [, accountKey = "", named = ""] = key.split("/");
    const accountId = keys.resolve(entry.account ?? accountKey, entry.recordedAt);
    const account = accounts.find((candidate) => ids.get(candidate) === accountId);
    const payments = account?.payments ?? [];
    // A later payment's entry names its reference; the application's first, the application.
    const reference = entry.reference ?? (named !== account?.applicationId ? named : undefined);
    const payment = reference
      ? payments.find((p) => p.reference === reference)
      : (payments.find((p) => p.confirmedAt === entry.recordedAt) ?? payments[0]);
    if (payment) {
      entered.set(payment.reference, entry.recordedBy);
      if (entry.bankReference) enteredBank.set(payment.reference, entry.bankReference);
    } else plan.warnings.push(`secretariat/${key}: no payment on an account matches this entry`);
  }

  for (const account of accounts) {
    const id = ids.get(account) as string;
    const closed = account.key.startsWith("closed-");
    const setAside = account.key.startsWith("unconfirmed-");
    const lastMove = account.formerKeys?.at(-1)?.until;
    plan.accounts.push({
      id,
      email: account.email.trim(),
      name: account.name,
      membership: account.membership,
      application_id: account.applicationId || null,
      submission_id: account.submissionId || null,
      privacy_notice_version: account.privacyNoticeVersion ?? null,
      submitted_at: account.submittedAt,
      status: account.status,
      activated_at: account.activatedAt ?? null,
      password_hash: account.passwordHash ?? "",
      verification_nonce: account.verification?.nonce ?? null,
      verification_sent_at: account.verification?.sentAt ?? null,
      email_verified_at: account.emailVerifiedAt ?? null,
      role: account.role ?? null,
      directory_email: account.directoryEmail ?? null,
      closed_at: account.closedAt ?? (closed ? (lastMove ?? null) : null),
      set_aside_at: setAside && !account.closedAt ? (lastMove ?? account.submittedAt) : null,
      sessions_ended_at: account.sessionsEndedAt ?? null,
    });

    // Its addresses: each key that was an address's hash, the last one its address now (a closed
    // or set-aside account keeps its last address as its own: the new model ends none of them).
    const held = segmentsOf(account, id).filter((segment) => ADDRESS_KEY.test(segment.key));
    if (held.length === 0)
      held.push({
        key: addressKeyOf(account.email),
        since: Date.parse(account.submittedAt),
        until: null,
        accountId: id,
      });
    const since = new Set<number>();
    held.forEach((segment, index) => {
      const current = index === held.length - 1;
      if (since.has(segment.since)) return;
      since.add(segment.since);
      const email =
        current && addressKeyOf(account.email) === segment.key
          ? account.email.trim()
          : addresses.get(segment.key);
      if (email === undefined)
        plan.warnings.push(
          `members/account/${account.key}: no record gives the words of its former address ${segment.key}`,
        );
      plan.account_addresses.push({
        account_id: id,
        email: email ?? "",
        address_key: segment.key,
        since: iso(segment.since),
        until: current || segment.until === null ? null : iso(segment.until),
      });
    });

    for (const payment of account.payments ?? [])
      plan.payments.push({
        account_id: id,
        reference: payment.reference,
        amount: payment.amount ?? null,
        // Payments recorded before the day received was asked count from the day they were recorded.
        paid_on: payment.paidOn ?? dayInIndia(new Date(payment.confirmedAt)),
        kind: payment.kind ?? null,
        completes_fee: payment.completesFee === true,
        late_reason: payment.lateReason ?? null,
        bank_reference: payment.bankReference ?? enteredBank.get(payment.reference) ?? null,
        confirmed_at: payment.confirmedAt,
        confirmed_by: entered.get(payment.reference) ?? null,
      });

    const notices = new Map<string, Row<"notices">>();
    for (const [mark, day] of Object.entries(account.notices ?? {})) {
      const [period = "", kind = ""] = mark.split("/");
      notices.set(mark, { account_id: id, period, kind, sent_on: day, counts_for_removal: false });
    }
    for (const [period, day] of Object.entries(account.remindedOn ?? {})) {
      const counting = COUNTING_KINDS.map((kind) => notices.get(`${period}/${kind}`)).filter(
        (notice) => notice !== undefined,
      );
      const notice = counting.find((n) => n.sent_on === day) ?? counting[0];
      if (notice) notice.counts_for_removal = true;
      // A reminder from before notices were kept: the notice it was.
      else
        notices.set(`${period}/reminded`, {
          account_id: id,
          period,
          kind: period === "life" ? "instalment-overdue" : "renewal-reminder",
          sent_on: day,
          counts_for_removal: true,
        });
    }
    plan.notices.push(...notices.values());

    for (const past of account.pastRejections ?? [])
      plan.rejections.push({
        account_id: id,
        rejected_at: past.at,
        reason: past.reason,
        rejected_by: past.by,
        reopened_at: past.reopenedAt,
        reopened_by: past.reopenedBy,
      });
    if (account.rejected)
      plan.rejections.push({
        account_id: id,
        rejected_at: account.rejected.at,
        reason: account.rejected.reason,
        rejected_by: account.rejected.by,
        reopened_at: null,
        reopened_by: null,
      });
  }

  const accountOfId = new Map(accounts.map((account) => [ids.get(account) as string, account]));
  const time = now.getTime();

  // A live session goes on: its member stays signed in through the switch.
  for (const [key, session] of entries<BlobsSession>(snapshot, "members/session")) {
    const accountId = keys.resolve(session.accountKey, session.createdAt);
    const account = accountId ? accountOfId.get(accountId) : undefined;
    const validFrom = Math.max(
      Date.parse(account?.sessionsEndedAt ?? "") || 0,
      Date.parse(account?.submittedAt ?? "") || 0,
    );
    const idle = account?.role === "secretariat" ? SECRETARIAT_IDLE_MS : SESSION_IDLE_MS;
    if (
      !accountId ||
      !account ||
      account.closedAt ||
      time - session.lastSeenAt > idle ||
      time - session.createdAt > SESSION_ABSOLUTE_MS ||
      session.createdAt < validFrom
    ) {
      drop("members/session");
      continue;
    }
    plan.sessions.push({
      token_hash: key.slice("session/".length),
      account_id: accountId,
      created_at: iso(session.createdAt),
      last_seen_at: iso(session.lastSeenAt),
      expires_at: iso(session.createdAt + SESSION_ABSOLUTE_MS),
    });
  }

  // A used link stays used while it could still work: it is not made usable again by the switch.
  for (const [key, used] of entries<BlobsUsedLink>(snapshot, "members/used-link")) {
    const keepUntil = Date.parse(used.at) + USED_LINK_KEPT_MS;
    if (!(keepUntil > time)) {
      drop("members/used-link");
      continue;
    }
    plan.used_links.push({
      nonce: key.slice("account-link/used/".length),
      purpose: used.purpose,
      account_id: keys.resolve(used.account, used.at) ?? null,
      used_at: used.at,
      keep_until: iso(keepUntil),
    });
  }

  for (const [key, choice] of entries<BlobsPrivacyChoice>(snapshot, "members/directory-privacy"))
    plan.directory_privacy.push({
      member_id: key.slice("directory-privacy/".length),
      hidden: choice.hidden,
      updated_at: choice.updatedAt,
    });

  for (const [key, own] of entries<BlobsOwnDetails>(snapshot, "members/own-details"))
    plan.own_details.push({
      member_id: key.slice("own-details/".length),
      account_id: keys.resolve(own.account, own.updatedAt) ?? null,
      email: own.email,
      name: own.name,
      sheet_email: own.sheetEmail,
      values: json(own.values),
      updated_at: own.updatedAt,
    });

  // Audit lines keep their times and words; a line about an account names it by its id now.
  for (const line of audit) {
    const match = /^account\/(.+)$/.exec(line.record);
    const accountId = match ? keys.resolve(match[1] as string, line.at) : undefined;
    if (match && !accountId)
      plan.warnings.push(`secretariat/audit: ${line.at} names ${line.record}, which no account had`);
    plan.audit_log.push({
      at: line.at,
      who: line.who,
      action: line.action,
      record: accountId ? `account/${accountId}` : line.record,
      account_id: accountId ?? null,
      summary: line.summary,
    });
  }

  // A submission, and each of its mails as an outbox row under the idempotency key it was (or is
  // to be) sent with: a mail still pending is sent by the new sender under the same key, so
  // Resend delivers it once whichever side tried it first.
  const byRecord = new Map<string, BlobsSubmission>();
  for (const submission of submissions) {
    byRecord.set(`${submission.kind}/${submission.id}`, submission);
    plan.submissions.push({
      kind: submission.kind,
      id: submission.id,
      received_at: submission.receivedAt,
      application_id: applicationIdOfData(submission.data),
      data: json(submission.data),
    });
    for (const [name, state] of Object.entries(submission.mails ?? {})) {
      const key = `${submission.kind}/${submission.id}/${name}`;
      const sent = state.status === "sent";
      plan.outbox.push({
        key,
        submission_kind: submission.kind,
        submission_id: submission.id,
        name,
        mail: json(state.mail),
        queued_at: submission.receivedAt,
        // The old record kept no time of sending: the time it was received stands for it.
        sent_at: sent ? submission.receivedAt : null,
        sent_id: sent ? (state.sentId ?? `imported:${key}`) : null,
        attempts: state.attempts ?? 0,
        last_error: sent ? null : (state.lastError ?? null),
        not_before: sent ? null : (state.notBefore ?? null),
      });
    }
    if (submission.kind === "newsletter") {
      const data = submission.data as { issue?: unknown; email?: unknown } | null;
      if (typeof data?.issue === "string" && typeof data.email === "string" && submission.mails?.copy)
        plan.newsletter_copies.push({
          issue_id: data.issue,
          email: data.email,
          outbox_key: `newsletter/${submission.id}/copy`,
          queued_at: submission.receivedAt,
        });
    }
  }

  // Held submissions, with what the secretariat did to them (the record is gone once acted on).
  const actions = new Map(
    entries<BlobsHeldAction>(snapshot, "secretariat/held-action").map(([key, action]) => [
      key.slice("held-actions/".length),
      action,
    ]),
  );
  const heldReason = (record: string) => {
    for (const line of audit)
      if (line.record === `quarantine/${record}`) {
        const found = /\(held because (.*)\)$/.exec(line.summary);
        if (found) return found[1] as string;
      }
    return "not kept in the old record";
  };
  const held = new Set<string>();
  for (const [, record] of entries<BlobsHeld>(snapshot, "submissions/held")) {
    const name = `${record.kind}/${record.id}`;
    held.add(name);
    const action = actions.get(name);
    plan.held_submissions.push({
      kind: record.kind,
      id: record.id,
      received_at: record.receivedAt,
      reason: record.reason,
      data: json(record.data),
      action: action?.action ?? null,
      acted_by: action?.who ?? null,
      acted_at: action?.at ?? null,
    });
  }
  for (const [name, action] of actions) {
    if (held.has(name)) continue;
    const [kind = "", ...rest] = name.split("/");
    const id = rest.join("/");
    // Released: delivered as the submission it would have been, under the same kind and id.
    const released = action.action === "release" ? byRecord.get(name) : undefined;
    if (action.action === "release" && !released) {
      plan.warnings.push(
        `secretariat/held-actions/${name}: released, but neither it nor its delivery is kept`,
      );
      continue;
    }
    plan.held_submissions.push({
      kind,
      id,
      // A deleted one's time of arrival went with it: the time it was deleted stands for it.
      received_at: released?.receivedAt ?? action.at,
      reason: heldReason(name),
      data: released ? json(released.data) : null,
      action: action.action,
      acted_by: action.who,
      acted_at: action.at,
    });
  }

  // A used form token stays used while it could still be posted.
  for (const [key, used] of entries<string>(snapshot, "submissions/used-token")) {
    const keepUntil = Date.parse(used) + USED_TOKEN_KEPT_MS;
    if (!(keepUntil > time)) {
      drop("submissions/used-token");
      continue;
    }
    plan.used_form_tokens.push({ token_hash: key.slice("used-token/".length), keep_until: iso(keepUntil) });
  }

  // A refusal waiting for its page's next GET is still shown there.
  for (const [key, flash] of entries<BlobsFlash>(snapshot, "form-flash/flash")) {
    const expires = flash.at + FLASH_MS;
    if (!(expires > time)) {
      drop("form-flash/flash");
      continue;
    }
    plan.form_flashes.push({
      id: key.slice("flash/".length),
      path: flash.path,
      refusal: json(flash.refusal),
      expires_at: iso(expires),
    });
  }

  for (const [, subscriber] of entries<BlobsSubscriber>(snapshot, "subscribers/subscriber"))
    plan.subscribers.push({
      email: subscriber.email.trim(),
      status: subscriber.status,
      requested_at: subscriber.requestedAt,
      changed_at: subscriber.changedAt,
      segment_synced: subscriber.segmentSynced === true,
    });

  for (const [, issue] of entries<BlobsIssue>(snapshot, "newsletter/issue"))
    plan.newsletter_issues.push({
      id: issue.id,
      subject: issue.subject,
      text: issue.text,
      attachment_url: issue.attachmentUrl ?? "",
      created_at: issue.createdAt,
      created_by: issue.createdBy,
      status: issue.status,
      via: issue.via ?? null,
      send_started_at: issue.sendStartedAt ?? null,
      sent_by: issue.sentBy ?? null,
      sent_at: issue.sentAt ?? null,
      broadcast_id: issue.broadcastId ?? null,
      site_url: issue.siteUrl ?? null,
      last_error: issue.lastError ?? null,
    });

  // A copy needs its issue and its subscriber: one without either keeps its mail, not its copy row.
  const subscribed = new Set(plan.subscribers.map((row) => row.email.toLowerCase()));
  const issues = new Set(plan.newsletter_issues.map((row) => row.id));
  plan.newsletter_copies = plan.newsletter_copies.filter((copy) => {
    if (subscribed.has(copy.email.trim().toLowerCase()) && issues.has(copy.issue_id)) return true;
    plan.warnings.push(`submissions/${copy.outbox_key}: its issue or subscriber is not kept; the mail is`);
    return false;
  });

  return plan;
}
