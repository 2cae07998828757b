import type { ColumnType, Generated, GeneratedAlways } from "kysely";
import type { Mail } from "../mail/mail.server.ts";

/**
 * The rows of the site's records, declared once: the migrations in netlify/database/migrations
 * make the tables, and these say what a query reads and writes (decision 0050). Times come back
 * as Date; a bigint id as a string (the driver's default: no precision lost).
 */
type Time = ColumnType<Date, Date | string, Date | string>;
type TimeDefault = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

/** A mail as the outbox keeps it (mail.server.ts's own shape). */
export type MailJson = Mail;

export interface SubmissionsTable {
  kind: string;
  id: string;
  received_at: Time;
  application_id: string | null;
  data: Json<unknown>;
}

export interface OutboxTable {
  id: Generated<string>;
  key: string;
  submission_kind: string | null;
  submission_id: string | null;
  name: string;
  mail: Json<MailJson>;
  queued_at: TimeDefault;
  sent_at: Time | null;
  sent_id: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  not_before: Time | null;
  next_attempt_at: Time | null;
  claimed_until: Time | null;
  batch_key: string | null;
}

export interface HeldSubmissionsTable {
  kind: string;
  id: string;
  received_at: Time;
  reason: string;
  data: Json<unknown> | null;
  action: "release" | "delete" | null;
  acted_by: string | null;
  acted_at: Time | null;
}

export interface FormFlashesTable {
  id: string;
  path: string;
  refusal: Json<unknown>;
  expires_at: Time;
}

export interface UsedFormTokensTable {
  token_hash: string;
  keep_until: Time;
}

/** A date column (`date`): the driver gives "YYYY-MM-DD" (database.server.ts turns off its Date). */
type DayColumn = string;

export interface AccountsTable {
  id: Generated<string>;
  email: string;
  name: string;
  membership: string;
  application_id: string | null;
  submission_id: string | null;
  privacy_notice_version: string | null;
  submitted_at: Time;
  status: "pending-payment" | "active";
  activated_at: Time | null;
  password_hash: Generated<string>;
  verification_nonce: string | null;
  verification_sent_at: Time | null;
  email_verified_at: Time | null;
  role: "secretariat" | null;
  directory_email: string | null;
  closed_at: Time | null;
  set_aside_at: Time | null;
  sessions_ended_at: Time | null;
}

export interface AccountAddressesTable {
  account_id: string;
  email: string;
  address_key: string;
  since: Time;
  until: Time | null;
}

export interface SessionsTable {
  token_hash: string;
  account_id: string;
  created_at: Time;
  last_seen_at: Time;
  expires_at: Time;
}

export interface UsedLinksTable {
  nonce: string;
  purpose: string;
  account_id: string | null;
  used_at: Time;
  keep_until: Time;
}

export interface ThrottleEventsTable {
  id: Generated<string>;
  bucket: string;
  at: Time;
  keep_until: Time;
}

export interface PaymentsTable {
  id: Generated<string>;
  account_id: string;
  reference: string;
  amount: number | null;
  paid_on: DayColumn;
  kind: string | null;
  completes_fee: Generated<boolean>;
  late_reason: string | null;
  bank_reference: string | null;
  confirmed_at: Time;
  confirmed_by: string | null;
  /** Where the money came in (0007): the secretariat's record ('bank', 'upi'), Razorpay's, the register's. */
  source: ColumnType<PaymentSource, PaymentSource | undefined, PaymentSource>;
  razorpay_payment_id: string | null;
  razorpay_order_id: string | null;
  /** The reference as read, computed by the database from it (0002's migration): never written. */
  ref_form: GeneratedAlways<"EN" | "M" | null>;
  ref_application: GeneratedAlways<string>;
  ref_period: GeneratedAlways<string>;
  ref_odd: GeneratedAlways<boolean>;
}

/** Where a payment came in (0007). */
export type PaymentSource = "bank" | "upi" | "online" | "register";

/** A Razorpay order made for one account's payment due (0007); amount in paise. */
export interface PaymentOrdersTable {
  id: string;
  account_id: string;
  reference: string;
  amount: number;
  currency: string;
  kind: string;
  status: ColumnType<"created" | "paid" | "failed", "created" | "paid" | "failed" | undefined>;
  created_at: Time;
  returned_at: Time | null;
  paid_at: Time | null;
}

/** A Razorpay webhook event, once (0007). */
export interface RazorpayEventsTable {
  id: string;
  event: string;
  received_at: Time;
  outcome: string;
}

/** A payment Razorpay took that was not applied (0007): paid twice, or not what was asked. */
export interface PaymentExceptionsTable {
  id: Generated<string>;
  kind: "duplicate" | "mismatch";
  razorpay_payment_id: string;
  razorpay_order_id: string | null;
  account_id: string | null;
  reference: string | null;
  /** Paise. */
  amount: number;
  currency: string;
  details: string;
  created_at: Time;
  resolved_at: Time | null;
  resolved_by: string | null;
  resolution: string | null;
}

export interface NoticesTable {
  account_id: string;
  period: string;
  kind: string;
  sent_on: DayColumn;
  counts_for_removal: Generated<boolean>;
}

export interface RejectionsTable {
  id: Generated<string>;
  account_id: string;
  rejected_at: Time;
  reason: string;
  rejected_by: string;
  reopened_at: Time | null;
  reopened_by: string | null;
}

export interface AuditLogTable {
  id: Generated<string>;
  at: Time;
  who: string;
  action: string;
  record: string;
  account_id: string | null;
  summary: string;
}

export interface DirectoryPrivacyTable {
  member_id: string;
  hidden: string[];
  updated_at: Time;
}

export interface OwnDetailsTable {
  member_id: string;
  account_id: string | null;
  email: string;
  name: string;
  sheet_email: string;
  values: Json<unknown>;
  updated_at: Time;
}

export interface SubscribersTable {
  id: Generated<string>;
  email: string;
  status: "pending" | "subscribed" | "unsubscribed";
  requested_at: Time;
  changed_at: Time;
  segment_synced: Generated<boolean>;
}

export interface NewsletterIssuesTable {
  id: string;
  subject: string;
  text: string;
  attachment_url: Generated<string>;
  created_at: Time;
  created_by: string;
  status: "draft" | "sending" | "sent";
  via: "outbox" | "broadcast" | null;
  send_started_at: Time | null;
  sent_by: string | null;
  sent_at: Time | null;
  broadcast_id: string | null;
  site_url: string | null;
  last_error: string | null;
}

export interface NewsletterCopiesTable {
  issue_id: string;
  subscriber_id: string;
  outbox_id: string;
  queued_at: Time;
}

export interface RegisterImportsTable {
  id: Generated<string>;
  at: Time;
  by: string;
  source: string;
  digest: string;
  added: number;
  changed: number;
  unchanged: number;
  kept: Generated<number>;
}

/** A register file read for a preview (0004): what Apply applies, by its digest. */
export interface RegisterUploadsTable {
  digest: string;
  source: string;
  content: string;
  uploaded_at: Time;
  uploaded_by: string;
  keep_until: Time;
}

/** Two records of one person merged (0004): the merged account's records followed the kept one. */
export interface AccountMergesTable {
  merged: string;
  kept: string;
  at: Time;
  by: string;
}

/** A member on the society's register (0004): the class and calendar facts the office keeps. */
export type RegisterClass = "life" | "ordinary" | "honorary" | "corporate-annual" | "corporate-single-copy";

export interface RegisterMembersTable {
  member_no: string;
  account_id: string;
  class: RegisterClass;
  joined_year: number;
  last_paid_year: string | null;
  life_owed: number | null;
  /** "YYYY-MM-DD": the day life_owed was last written. */
  owed_since: string | null;
  zone: string | null;
  /** "YYYY-MM-DD". */
  date_of_birth: string | null;
  imported: Json<Record<string, string>>;
  import_id: string;
  claimed_at: Time | null;
  invited_at: Time | null;
  invite_reminded_at: Time | null;
  merged_into: string | null;
  /** The number of the newest claim link mailed (0006): only that link works. */
  claim_serial: Generated<number>;
}

/** An election of the Council (0009): its stages run by its Returning Officer. */
export type ElectionStage = "draft" | "nominations" | "nominations-closed" | "voting" | "closed";

export interface ElectionsTable {
  id: Generated<string>;
  title: string;
  term: string;
  /** "YYYY-MM-DD": the day the Council elected takes office. */
  term_begins: string;
  created_at: Time;
  created_by: string;
  returning_officer: string;
  stage: ColumnType<ElectionStage, ElectionStage | undefined, ElectionStage>;
  /** "YYYY-MM-DD". */
  roll_cutoff: string;
  roll_frozen_at: Time | null;
  nominations_open: Time;
  nominations_close: Time;
  voting_open: Time;
  voting_close: Time;
}

export interface ElectionOfficesTable {
  election_id: string;
  office: string;
  label: string;
  seats: number;
  zone: string | null;
  chosen_by: ColumnType<"all" | "zone", "all" | "zone" | undefined, "all" | "zone">;
  position: number;
}

export interface ElectionRollTable {
  election_id: string;
  account_id: string;
  zone: string | null;
  member_no: string;
  origin: "calendar" | "added";
  note: string | null;
  struck_at: Time | null;
  struck_reason: string | null;
}

export interface NominationsTable {
  id: Generated<string>;
  election_id: string;
  office: string;
  candidate: string;
  nominated_by: string;
  nominated_at: Time;
  seconded_by: string | null;
  seconded_at: Time | null;
  accepted_at: Time | null;
  flag: string | null;
  decision: "valid" | "rejected" | null;
  decision_note: string | null;
  decided_at: Time | null;
  withdrawn_at: Time | null;
}

/** That a member voted (0010): shares nothing with the ballot but the election. */
export interface ElectionVotersTable {
  election_id: string;
  account_id: string;
  voted_at: Time;
}

export interface BallotsTable {
  id: Generated<string>;
  election_id: string;
  /** "YYYY-MM-DD": no finer time is kept on a ballot. */
  cast_on: string;
  choices: Json<Record<string, string[]>>;
}

/** A voter's receipt (0010): in no row beside a ballot. */
export interface BallotTrackersTable {
  election_id: string;
  tracker: string;
}

export interface ElectionRemindersTable {
  election_id: string;
  sent_at: Time;
  sent_by: string;
  recipients: number;
}

export interface ElectionResultsTable {
  election_id: string;
  office: string;
  nomination_id: string;
  votes: number;
  elected: boolean;
  by_lot: ColumnType<boolean, boolean | undefined, boolean>;
}

/** A tie at an office's last seats, and the lot the Returning Officer drew for it. */
export type ElectionLot = {
  office: string;
  /** The seats the tied candidates share. */
  seats: number;
  tied: string[];
  drawn: string[] | null;
  note: string;
};

export interface ElectionClosesTable {
  election_id: string;
  closed_at: Time;
  closed_by: string;
  ballots: number;
  voters: number;
  trackers: number;
  roll: number;
  digest: string;
  lots: ColumnType<ElectionLot[], string | undefined, string>;
  published_at: Time | null;
}

/** The last receipt number given in a financial year's series (0008). */
export interface ReceiptSeriesTable {
  series: string;
  last: number;
}

/** A payment's receipt (0008): its number for ever, to whom, and whether it was refunded. */
export interface ReceiptsTable {
  number: string;
  series: string;
  seq: number;
  payment_id: string;
  account_id: string;
  issued_at: Time;
  issued_to: string;
  member_no: string;
  razorpay_payment_id: string | null;
  refunded_at: Time | null;
  refund_id: string | null;
}

/** Money paid back (0008): a ledger payment's, or a Razorpay payment the ledger never applied. */
export interface RefundsTable {
  id: Generated<string>;
  payment_id: string | null;
  razorpay_payment_id: string | null;
  refund_reference: string | null;
  method: "razorpay" | "manual";
  amount: number;
  status: "pending" | "processed";
  reason: string;
  account_id: string | null;
  refunded_at: Time;
  refunded_by: string;
}

export interface Database {
  submissions: SubmissionsTable;
  outbox: OutboxTable;
  held_submissions: HeldSubmissionsTable;
  form_flashes: FormFlashesTable;
  used_form_tokens: UsedFormTokensTable;
  accounts: AccountsTable;
  account_addresses: AccountAddressesTable;
  sessions: SessionsTable;
  used_links: UsedLinksTable;
  throttle_events: ThrottleEventsTable;
  payments: PaymentsTable;
  notices: NoticesTable;
  payment_orders: PaymentOrdersTable;
  razorpay_events: RazorpayEventsTable;
  payment_exceptions: PaymentExceptionsTable;
  rejections: RejectionsTable;
  audit_log: AuditLogTable;
  directory_privacy: DirectoryPrivacyTable;
  own_details: OwnDetailsTable;
  subscribers: SubscribersTable;
  newsletter_issues: NewsletterIssuesTable;
  newsletter_copies: NewsletterCopiesTable;
  register_imports: RegisterImportsTable;
  register_members: RegisterMembersTable;
  register_uploads: RegisterUploadsTable;
  account_merges: AccountMergesTable;
  elections: ElectionsTable;
  election_offices: ElectionOfficesTable;
  election_roll: ElectionRollTable;
  nominations: NominationsTable;
  election_voters: ElectionVotersTable;
  ballots: BallotsTable;
  ballot_trackers: BallotTrackersTable;
  election_reminders: ElectionRemindersTable;
  election_results: ElectionResultsTable;
  election_closes: ElectionClosesTable;
  receipt_series: ReceiptSeriesTable;
  receipts: ReceiptsTable;
  refunds: RefundsTable;
}
