-- Elections of the Executive Council (issue 59; decision 0053): the election and its stages, the
-- offices and seats it fills, the frozen electoral roll and the nominations. The ballots are in
-- 0010, in tables that share nothing with these but the election's id.

CREATE TABLE elections (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  -- The term the Council elected serves, as the office bearers' page names years ("2027-2028").
  term text NOT NULL CHECK (term ~ '^\d{4}-\d{4}$'),
  -- The day the Council elected takes office: from it the office bearers' page links the results.
  term_begins date NOT NULL,
  created_at timestamptz NOT NULL,
  created_by uuid NOT NULL REFERENCES accounts (id),
  -- The secretariat account that alone opens, extends and closes the stages.
  returning_officer uuid NOT NULL REFERENCES accounts (id),
  -- draft → nominations → nominations-closed → voting → closed (counted, results published).
  stage text NOT NULL DEFAULT 'draft'
    CHECK (stage IN ('draft', 'nominations', 'nominations-closed', 'voting', 'closed')),
  -- The roll's cut-off day: members in standing on this day (by the society's calendar) are on it.
  roll_cutoff date NOT NULL,
  roll_frozen_at timestamptz,
  nominations_open timestamptz NOT NULL,
  nominations_close timestamptz NOT NULL,
  voting_open timestamptz NOT NULL,
  voting_close timestamptz NOT NULL,
  CHECK (nominations_open < nominations_close AND nominations_close <= voting_open AND voting_open < voting_close)
);

-- An office the election fills and its seats; a zone's Councillor is chosen by all voters or by
-- that zone's members only (chosen_by).
CREATE TABLE election_offices (
  election_id uuid NOT NULL REFERENCES elections (id) ON DELETE CASCADE,
  office text NOT NULL CHECK (office ~ '^[a-z][a-z-]{0,40}$'),
  label text NOT NULL,
  seats integer NOT NULL CHECK (seats BETWEEN 1 AND 20),
  zone text CHECK (zone IN ('NZ', 'EZ', 'MEZ', 'CZ', 'WZ', 'SZ')),
  chosen_by text NOT NULL DEFAULT 'all' CHECK (chosen_by IN ('all', 'zone')),
  position integer NOT NULL,
  PRIMARY KEY (election_id, office),
  CHECK (chosen_by = 'all' OR zone IS NOT NULL)
);

-- The electoral roll, frozen on the cut-off day; the Returning Officer may add or strike a name
-- before voting opens, with a reason.
CREATE TABLE election_roll (
  election_id uuid NOT NULL REFERENCES elections (id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES accounts (id),
  zone text CHECK (zone IN ('NZ', 'EZ', 'MEZ', 'CZ', 'WZ', 'SZ')),
  -- The member's number as the roll was printed (the register's, else the site's): how a
  -- nomination names a candidate.
  member_no text NOT NULL,
  -- How the name came on the roll: 'calendar' (frozen) or 'added' (by the Returning Officer).
  origin text NOT NULL CHECK (origin IN ('calendar', 'added')),
  note text,
  struck_at timestamptz,
  struck_reason text,
  PRIMARY KEY (election_id, account_id),
  CHECK ((struck_at IS NULL) = (struck_reason IS NULL))
);
CREATE INDEX election_roll_by_number ON election_roll (election_id, member_no);

CREATE TABLE nominations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  election_id uuid NOT NULL,
  office text NOT NULL,
  candidate uuid NOT NULL REFERENCES accounts (id),
  nominated_by uuid NOT NULL REFERENCES accounts (id),
  nominated_at timestamptz NOT NULL,
  seconded_by uuid REFERENCES accounts (id),
  seconded_at timestamptz,
  accepted_at timestamptz,
  -- A term limit or eligibility rule the nomination breaks, for the Returning Officer to decide.
  flag text,
  -- The Returning Officer's decision on a flagged nomination (or any), with a note.
  decision text CHECK (decision IN ('valid', 'rejected')),
  decision_note text,
  decided_at timestamptz,
  withdrawn_at timestamptz,
  FOREIGN KEY (election_id, office) REFERENCES election_offices (election_id, office) ON DELETE CASCADE,
  CHECK (candidate <> nominated_by AND (seconded_by IS NULL OR (seconded_by <> nominated_by AND seconded_by <> candidate)))
);
-- One standing nomination of a candidate for an office.
CREATE UNIQUE INDEX nominations_one_per_candidate ON nominations (election_id, office, candidate)
  WHERE withdrawn_at IS NULL AND (decision IS NULL OR decision <> 'rejected');
