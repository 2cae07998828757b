-- The newsletter: its subscribers, its issues, and the copy each subscriber was sent.

-- A subscriber, one per address whatever its case.
CREATE TABLE subscribers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL CHECK (email = btrim(email) AND length(email) BETWEEN 3 AND 254),
  status text NOT NULL CHECK (status IN ('pending', 'subscribed', 'unsubscribed')),
  requested_at timestamptz NOT NULL,
  changed_at timestamptz NOT NULL,
  -- Whether Resend's segment still has to learn of the last change.
  segment_synced boolean NOT NULL DEFAULT false
);
CREATE UNIQUE INDEX subscribers_address ON subscribers (lower(email));
CREATE INDEX subscribers_to_sync ON subscribers (id) WHERE NOT segment_synced;
CREATE INDEX subscribers_by_status ON subscribers (status);

-- An issue the secretariat composed; sent once.
CREATE TABLE newsletter_issues (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9]{16,40}$'),
  subject text NOT NULL,
  text text NOT NULL,
  attachment_url text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  created_by text NOT NULL,
  status text NOT NULL CHECK (status IN ('draft', 'sending', 'sent')),
  via text CHECK (via IN ('outbox', 'broadcast')),
  send_started_at timestamptz,
  sent_by text,
  sent_at timestamptz,
  broadcast_id text,
  -- The site's address when the send began: the unsubscribe links' origin.
  site_url text,
  last_error text
);
CREATE INDEX newsletter_issues_by_created ON newsletter_issues (created_at DESC);

-- The copy of an issue queued for a subscriber: at most one per issue and subscriber.
CREATE TABLE newsletter_copies (
  issue_id text NOT NULL REFERENCES newsletter_issues (id),
  subscriber_id bigint NOT NULL REFERENCES subscribers (id),
  outbox_id bigint NOT NULL REFERENCES outbox (id),
  queued_at timestamptz NOT NULL,
  PRIMARY KEY (issue_id, subscriber_id)
);
