-- The society's membership register: every member it had before the site, by the society's own
-- number, as the office keeps them (a CSV, or the master sheet's columns). Importing a row makes
-- (or updates) an account for that member with no password, so the renewal calendar, the notices,
-- the workspace and the export treat existing members as they treat those who join on the site.
-- The member claims the account through a single-use link mailed to the register's address.

-- One import: what was read, by whom, and what it did. The preview is not stored; the digest of
-- the file applied is, so the same file applied twice is seen as such.
CREATE TABLE register_imports (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  by text NOT NULL,
  -- 'csv' or 'sheet' (the setting that names the register's source), and the file's name if any.
  source text NOT NULL CHECK (length(source) BETWEEN 1 AND 200),
  digest text NOT NULL CHECK (digest ~ '^[0-9a-f]{64}$'),
  added integer NOT NULL CHECK (added >= 0),
  changed integer NOT NULL CHECK (changed >= 0),
  unchanged integer NOT NULL CHECK (unchanged >= 0),
  -- Rows where the site's value (changed by the member or the office since the last import) was
  -- kept over the register's: shown in the preview, taken only where the office ticked.
  kept integer NOT NULL DEFAULT 0 CHECK (kept >= 0)
);

-- A file read for a preview, kept under its digest until it is applied or a day has passed (the
-- scheduled sweep deletes it): Apply names the digest, so what is applied is exactly what was
-- previewed, never a file posted again or edited in the form.
CREATE TABLE register_uploads (
  digest text PRIMARY KEY CHECK (digest ~ '^[0-9a-f]{64}$'),
  source text NOT NULL CHECK (length(source) BETWEEN 1 AND 200),
  content text NOT NULL,
  uploaded_at timestamptz NOT NULL,
  uploaded_by text NOT NULL,
  keep_until timestamptz NOT NULL
);
CREATE INDEX register_uploads_expiry ON register_uploads (keep_until);

CREATE TABLE register_members (
  -- The society's membership number, as written on the register.
  member_no text PRIMARY KEY CHECK (member_no ~ '^[A-Za-z0-9][A-Za-z0-9/-]{0,19}$'),
  -- The member's account, made by the import; one register row per account.
  account_id uuid NOT NULL UNIQUE REFERENCES accounts (id),
  class text NOT NULL CHECK (class IN ('life', 'ordinary', 'honorary', 'corporate-annual', 'corporate-single-copy')),
  joined_year integer NOT NULL CHECK (joined_year BETWEEN 1941 AND 2200),
  -- Annual members: the last financial year paid ("2025-26"); none if never paid on the register.
  last_paid_year text CHECK (last_paid_year ~ '^\d{4}-\d{2}$'),
  -- Life members paying in instalments: rupees still owed on the register's day.
  life_owed integer CHECK (life_owed IS NULL OR life_owed >= 0),
  -- The day life_owed was last written: the instalment year runs from it, and only instalments
  -- received from it count against it.
  owed_since date,
  zone text CHECK (zone IN ('NZ', 'EZ', 'MEZ', 'CZ', 'WZ', 'SZ')),
  date_of_birth date,
  -- The row exactly as the last import that changed it wrote it (its columns by name): what the
  -- next import compares with, so a value changed on the site since then is shown, not overwritten.
  imported jsonb NOT NULL,
  import_id bigint NOT NULL REFERENCES register_imports (id),
  -- The member set a password through the claim link (the address is then proven).
  claimed_at timestamptz,
  -- The secretariat's invitation to claim, and its one reminder.
  invited_at timestamptz,
  invite_reminded_at timestamptz,
  -- Merged into another row of the same person: this row's account's records followed it.
  merged_into text REFERENCES register_members (member_no),
  CHECK (merged_into IS NULL OR merged_into <> member_no)
);
CREATE INDEX register_members_unclaimed ON register_members (invited_at) WHERE claimed_at IS NULL AND merged_into IS NULL;
CREATE INDEX register_members_by_zone ON register_members (zone, class);

-- Two records of one person merged by the secretariat: the merged account's payments, notices and
-- directory entry moved to the kept one; its audit lines stay where they were written (the log is
-- append-only) and are read with the kept account's through this row. The merged account is closed.
CREATE TABLE account_merges (
  merged uuid PRIMARY KEY REFERENCES accounts (id),
  kept uuid NOT NULL REFERENCES accounts (id),
  at timestamptz NOT NULL,
  by text NOT NULL,
  CHECK (merged <> kept)
);
CREATE INDEX account_merges_kept ON account_merges (kept);
