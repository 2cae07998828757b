-- What people sent through the site's forms, and every e-mail the site sends (its outbox).
-- Applied by Netlify on deploy and locally by scripts/dev/local-database.ts; the tests apply the
-- same files (tests/support/database.ts). A migration, once landed, is never edited: a change is
-- a new file.

-- A form submission: a contact message, an enrolment, a payment's record, a reminder. Its id is
-- chosen by the code (a hash of the form and its day, so a double click is one record).
CREATE TABLE submissions (
  kind text NOT NULL CHECK (kind ~ '^[a-z][a-z0-9-]{0,40}$'),
  id text NOT NULL CHECK (length(id) BETWEEN 1 AND 200),
  received_at timestamptz NOT NULL,
  -- The application a submission is about (its data names it), so an application's page finds its
  -- mails by one index.
  application_id text,
  data jsonb NOT NULL,
  PRIMARY KEY (kind, id)
);
CREATE INDEX submissions_by_application ON submissions (application_id, received_at)
  WHERE application_id IS NOT NULL;
CREATE INDEX submissions_by_kind ON submissions (kind, received_at DESC);
-- The submissions sent from an address, as their data names it (a form's `email`, a directory
-- correction's `accountEmail`), case-folded: "Download my data" reads a member's own by these,
-- never every stored message.
CREATE INDEX submissions_by_email ON submissions (kind, lower(btrim(data->>'email')));
CREATE INDEX submissions_by_account_email ON submissions (kind, lower(btrim(data->>'accountEmail')));

-- Every e-mail, written in the same transaction as the change it tells of and delivered after
-- commit (src/server/mail/outbox.server.ts). Its key is the idempotency key Resend is given, so
-- a mail is delivered once however often it is tried.
CREATE TABLE outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  key text NOT NULL UNIQUE CHECK (length(key) BETWEEN 1 AND 256),
  -- The submission it belongs to, if any, and its name there ("notification", "acknowledgement").
  submission_kind text,
  submission_id text,
  name text NOT NULL,
  mail jsonb NOT NULL,
  queued_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  -- Resend's id of the sent mail ("local:<key>" where no Resend key is set: kept here only).
  sent_id text,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  last_error text,
  -- Not tried again before this (Resend answered 429 with Retry-After).
  not_before timestamptz,
  -- A sender has taken it until then: no other sender takes it meanwhile.
  claimed_until timestamptz,
  -- Mails sent in one batch call share its key: a retry sends the same batch under the same key.
  batch_key text,
  FOREIGN KEY (submission_kind, submission_id) REFERENCES submissions (kind, id) ON DELETE CASCADE,
  CHECK ((sent_at IS NULL) = (sent_id IS NULL))
);
CREATE INDEX outbox_waiting ON outbox (id) WHERE sent_at IS NULL;
CREATE INDEX outbox_by_submission ON outbox (submission_kind, submission_id);
CREATE INDEX outbox_by_batch ON outbox (batch_key) WHERE batch_key IS NOT NULL;

-- A submission the spam guard held back: kept with why, mailed to no one, until a person of the
-- secretariat releases it (it becomes a submission) or deletes it. The row stays after either,
-- without its data once deleted, so a later press is told what was done.
CREATE TABLE held_submissions (
  kind text NOT NULL CHECK (kind ~ '^[a-z][a-z0-9-]{0,40}$'),
  id text NOT NULL CHECK (length(id) BETWEEN 1 AND 200),
  received_at timestamptz NOT NULL,
  reason text NOT NULL,
  data jsonb,
  action text CHECK (action IN ('release', 'delete')),
  acted_by text,
  acted_at timestamptz,
  PRIMARY KEY (kind, id),
  CHECK ((action IS NULL) = (acted_at IS NULL)),
  CHECK (data IS NOT NULL OR action = 'delete')
);
CREATE INDEX held_waiting ON held_submissions (received_at DESC) WHERE action IS NULL;

-- A refused form posted without JavaScript, kept for the page's next GET (ten minutes).
CREATE TABLE form_flashes (
  id text PRIMARY KEY CHECK (length(id) BETWEEN 16 AND 64),
  path text NOT NULL,
  refusal jsonb NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX form_flashes_by_expiry ON form_flashes (expires_at);

-- A form token already used (the spam guard's): its SHA-256, until the token has expired anyway.
CREATE TABLE used_form_tokens (
  token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  keep_until timestamptz NOT NULL
);
CREATE INDEX used_form_tokens_by_expiry ON used_form_tokens (keep_until);
