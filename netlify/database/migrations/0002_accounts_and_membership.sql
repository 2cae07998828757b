-- Members' accounts and what the society records about their membership: addresses, sessions,
-- used links, sign-in throttles, payments, notices, rejections, the workspace's audit log, and a
-- member's directory choices.

-- An account: a member's (an application, paid or not), an author's or reviewer's (membership ''),
-- or the secretariat's (role). It keeps its id for life; its address may change (account_addresses).
CREATE TABLE accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL CHECK (email = btrim(email) AND length(email) BETWEEN 3 AND 254),
  name text NOT NULL,
  membership text NOT NULL,
  -- The application it was made by (none for the secretariat's own accounts).
  application_id text UNIQUE CHECK (application_id ~ '^[A-Za-z0-9-]{1,64}$'),
  submission_id text,
  privacy_notice_version text,
  submitted_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('pending-payment', 'active')),
  activated_at timestamptz,
  -- scrypt (password.server.ts); '' where none may sign in (closed, set aside, not yet chosen).
  password_hash text NOT NULL DEFAULT '',
  -- While the address is not confirmed: the nonce of the one link that may confirm it.
  verification_nonce text,
  verification_sent_at timestamptz,
  email_verified_at timestamptz,
  role text CHECK (role = 'secretariat'),
  -- The address the directory's entry carries, when the sheet still has the one before a change.
  directory_email text,
  -- Closed by its member (decision 0037): no sign-in, the address free to enrol again.
  closed_at timestamptz,
  -- Never confirmed and its link expired: the address free to enrol again (decision 0047).
  set_aside_at timestamptz,
  -- Every session started before this ended (a new password, a moved address).
  sessions_ended_at timestamptz,
  CHECK ((verification_nonce IS NULL) = (verification_sent_at IS NULL)),
  CHECK (role IS NOT NULL OR application_id IS NOT NULL)
);
-- One open account per address, whatever its case.
CREATE UNIQUE INDEX accounts_open_address ON accounts (lower(email))
  WHERE closed_at IS NULL AND set_aside_at IS NULL;
CREATE INDEX accounts_by_submitted ON accounts (submitted_at DESC);
CREATE INDEX accounts_by_status ON accounts (status);

-- Every address an account has had, the current one included (until IS NULL). address_key is the
-- SHA-256 of the case-folded address: what named an account before it had an id (links already
-- mailed, bookmarks), so those still find it.
CREATE TABLE account_addresses (
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  email text NOT NULL,
  address_key text NOT NULL CHECK (address_key ~ '^[0-9a-f]{64}$'),
  since timestamptz NOT NULL,
  until timestamptz,
  PRIMARY KEY (account_id, since),
  CHECK (until IS NULL OR until >= since)
);
CREATE UNIQUE INDEX account_addresses_current ON account_addresses (account_id) WHERE until IS NULL;
CREATE INDEX account_addresses_by_key ON account_addresses (address_key);

-- A signed-in browser: the SHA-256 of its cookie's token, never the token.
CREATE TABLE sessions (
  token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  -- No use after this, whatever: the absolute limit. The sweep deletes rows past it.
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_by_account ON sessions (account_id);
CREATE INDEX sessions_by_expiry ON sessions (expires_at);

-- An e-mailed link (reset, set a password, confirm an address, a payment's approval) used once:
-- its nonce is the key, so a second use, at the same moment or later, finds it taken.
CREATE TABLE used_links (
  nonce text PRIMARY KEY CHECK (length(nonce) BETWEEN 8 AND 128),
  purpose text NOT NULL,
  account_id uuid REFERENCES accounts (id) ON DELETE SET NULL,
  used_at timestamptz NOT NULL,
  -- After this the link is dead by its own expiry, and the row may go.
  keep_until timestamptz NOT NULL
);
CREATE INDEX used_links_by_expiry ON used_links (keep_until);

-- One counted attempt in a throttle (failed sign-ins by address and IP, recovery mails by
-- address): a bucket names what is counted, and rows older than the window are swept.
CREATE TABLE throttle_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  bucket text NOT NULL CHECK (length(bucket) BETWEEN 1 AND 200),
  at timestamptz NOT NULL,
  keep_until timestamptz NOT NULL
);
CREATE INDEX throttle_events_by_bucket ON throttle_events (bucket, at);
CREATE INDEX throttle_events_by_expiry ON throttle_events (keep_until);

-- A confirmed payment: one per reference, ever. Money records stay with the society: an account
-- with payments is never deleted.
CREATE TABLE payments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id),
  reference text NOT NULL UNIQUE CHECK (length(reference) BETWEEN 1 AND 200),
  -- Rupees received; null when confirmed while the fee was still to be announced.
  amount integer CHECK (amount IS NULL OR amount >= 0),
  -- The day the money was received: the period is counted from it.
  paid_on date NOT NULL,
  kind text,
  completes_fee boolean NOT NULL DEFAULT false,
  late_reason text,
  bank_reference text,
  confirmed_at timestamptz NOT NULL,
  confirmed_by text,
  -- The reference as parseReference reads it (trimmed, upper case), kept beside it so that counting
  -- a whole membership's payments is arithmetic on columns, not text parsed per payment per request.
  -- ref_form: 'EN' (the application's own, ISGPB-EN-XXXXXXXXXX-period) or 'M' (a member's,
  -- ISGPB-M-NNNNNNNNNN-period), null unless the whole reference reads so, its period included
  -- ("2026", "2026-27", "L1"…); ref_application: the application it names ("EN-…", a member number
  -- being the application's ten characters); ref_period: the period it ends with; ref_odd: the
  -- reference has characters outside ASCII, where trimming and case-folding in SQL may differ from
  -- the rule's, so the rule reads that member itself.
  ref_form text GENERATED ALWAYS AS (
    CASE
      WHEN upper(btrim(reference, ' ' || chr(9) || chr(10) || chr(11) || chr(12) || chr(13))) ~ '^ISGPB-EN-.{10}-([0-9]{4}|[0-9]{4}-[0-9]{2}|L[1-9])$' THEN 'EN'
      WHEN upper(btrim(reference, ' ' || chr(9) || chr(10) || chr(11) || chr(12) || chr(13))) ~ '^ISGPB-M-.{10}-([0-9]{4}|[0-9]{4}-[0-9]{2}|L[1-9])$' THEN 'M'
    END
  ) STORED,
  ref_application text GENERATED ALWAYS AS (
    CASE WHEN left(upper(btrim(reference, ' ' || chr(9) || chr(10) || chr(11) || chr(12) || chr(13))), 9) = 'ISGPB-EN-'
      THEN substr(upper(btrim(reference, ' ' || chr(9) || chr(10) || chr(11) || chr(12) || chr(13))), 7, 13)
      ELSE 'EN-' || substr(upper(btrim(reference, ' ' || chr(9) || chr(10) || chr(11) || chr(12) || chr(13))), 9, 10)
    END
  ) STORED,
  ref_period text GENERATED ALWAYS AS (
    CASE WHEN left(upper(btrim(reference, ' ' || chr(9) || chr(10) || chr(11) || chr(12) || chr(13))), 9) = 'ISGPB-EN-'
      THEN substr(upper(btrim(reference, ' ' || chr(9) || chr(10) || chr(11) || chr(12) || chr(13))), 21)
      ELSE substr(upper(btrim(reference, ' ' || chr(9) || chr(10) || chr(11) || chr(12) || chr(13))), 20)
    END
  ) STORED,
  ref_odd boolean GENERATED ALWAYS AS (octet_length(reference) <> char_length(reference)) STORED
);
CREATE INDEX payments_by_account ON payments (account_id, paid_on);

-- A notice of the renewal schedule sent (or recorded) for a member: once per account, period and kind.
CREATE TABLE notices (
  account_id uuid NOT NULL REFERENCES accounts (id),
  -- A financial year ("2027-28") or a life fee ("life").
  period text NOT NULL CHECK (period ~ '^(\d{4}-\d{2}|life)$'),
  kind text NOT NULL CHECK (length(kind) BETWEEN 1 AND 40),
  sent_on date NOT NULL,
  -- Whether removal is counted from it (the reminder's day).
  counts_for_removal boolean NOT NULL DEFAULT false,
  PRIMARY KEY (account_id, period, kind)
);
CREATE INDEX notices_by_day ON notices (sent_on);

-- The secretariat turned an application down; 'Reopen' undoes it, and the row stays as the record.
-- At most one rejection stands at a time.
CREATE TABLE rejections (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id),
  rejected_at timestamptz NOT NULL,
  reason text NOT NULL,
  rejected_by text NOT NULL,
  reopened_at timestamptz,
  reopened_by text,
  CHECK ((reopened_at IS NULL) = (reopened_by IS NULL))
);
CREATE UNIQUE INDEX rejections_standing ON rejections (account_id) WHERE reopened_at IS NULL;

-- What the secretariat did, line by line: written in the transaction of the change, never changed.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  who text NOT NULL,
  action text NOT NULL CHECK (action ~ '^[a-z][a-z-]{0,40}$'),
  -- The record acted on, in words the workspace links: "account/<id>", "<kind>/<id>".
  record text NOT NULL,
  account_id uuid REFERENCES accounts (id),
  summary text NOT NULL
);
CREATE INDEX audit_log_by_time ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_by_account ON audit_log (account_id, at DESC) WHERE account_id IS NOT NULL;

CREATE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only';
END;
$$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only();

-- A member's choice to hide fields of their directory entry, by the entry's id.
CREATE TABLE directory_privacy (
  member_id text PRIMARY KEY CHECK (length(member_id) BETWEEN 1 AND 200),
  hidden text[] NOT NULL,
  updated_at timestamptz NOT NULL
);

-- A member's own changes to their directory entry, shown over the sheet until it catches up.
CREATE TABLE own_details (
  member_id text PRIMARY KEY CHECK (length(member_id) BETWEEN 1 AND 200),
  account_id uuid REFERENCES accounts (id) ON DELETE SET NULL,
  email text NOT NULL,
  name text NOT NULL,
  sheet_email text NOT NULL,
  "values" jsonb NOT NULL,
  updated_at timestamptz NOT NULL
);
