-- The secret ballot (issue 59; decision 0056). Who has voted, what was voted and the voters'
-- receipts (trackers) are three tables that share nothing but the election's id: a ballot row
-- carries no account, no receipt, no time finer than the day and a random id, so no query joins a
-- ballot to its voter, nor a tracker (which the voter is mailed) to a ballot's choices. No table
-- here has a sequence: nothing numbers the rows in the order they were cast.

-- That a member has voted in an election (and when, to tell them so). One per member: a second
-- vote, at the same moment or later, finds this row taken.
CREATE TABLE election_voters (
  election_id uuid NOT NULL REFERENCES elections (id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES accounts (id),
  voted_at timestamptz NOT NULL,
  PRIMARY KEY (election_id, account_id)
);

-- A ballot: a random id, the day (in India) it was cast, and the choices.
CREATE TABLE ballots (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  election_id uuid NOT NULL REFERENCES elections (id) ON DELETE CASCADE,
  cast_on date NOT NULL,
  -- Every office the voter was offered, with the nominations chosen (none is an empty list):
  -- { "<office>": ["<nomination id>", …] }.
  choices jsonb NOT NULL CHECK (jsonb_typeof(choices) = 'object')
);
CREATE INDEX ballots_by_election ON ballots (election_id, id);

-- The receipt each voter was given (on screen and by mail) as their ballot was recorded, in the
-- same transaction: published at the close, so each voter finds theirs among the counted; never
-- beside a ballot's choices, here or anywhere, so it proves nothing about how anyone voted.
CREATE TABLE ballot_trackers (
  election_id uuid NOT NULL REFERENCES elections (id) ON DELETE CASCADE,
  tracker text NOT NULL CHECK (tracker ~ '^[A-Z2-9]{5}-[A-Z2-9]{5}-[A-Z2-9]{5}$'),
  PRIMARY KEY (election_id, tracker)
);

-- The one reminder to the roll's members who have not voted: at most once an election (the key).
CREATE TABLE election_reminders (
  election_id uuid PRIMARY KEY REFERENCES elections (id) ON DELETE CASCADE,
  sent_at timestamptz NOT NULL,
  sent_by uuid NOT NULL REFERENCES accounts (id),
  recipients integer NOT NULL CHECK (recipients >= 0)
);

-- The count, once voting is closed: votes per candidate, who is elected, and a tie decided by lot.
CREATE TABLE election_results (
  election_id uuid NOT NULL REFERENCES elections (id) ON DELETE CASCADE,
  office text NOT NULL,
  nomination_id uuid NOT NULL REFERENCES nominations (id),
  votes integer NOT NULL CHECK (votes >= 0),
  elected boolean NOT NULL,
  by_lot boolean NOT NULL DEFAULT false,
  PRIMARY KEY (election_id, nomination_id)
);

-- What the close fixed: the counts of ballots, voters and trackers (equal, or nothing is closed)
-- and the digest of the ballots and trackers (docs/elections-threat-model.md says how it is taken).
CREATE TABLE election_closes (
  election_id uuid PRIMARY KEY REFERENCES elections (id) ON DELETE CASCADE,
  closed_at timestamptz NOT NULL,
  closed_by uuid NOT NULL REFERENCES accounts (id),
  ballots integer NOT NULL CHECK (ballots >= 0),
  voters integer NOT NULL CHECK (voters >= 0),
  trackers integer NOT NULL CHECK (trackers >= 0),
  -- Members on the roll (not struck) at the close: turnout is voters out of these.
  roll integer NOT NULL CHECK (roll >= 0),
  digest text NOT NULL CHECK (digest ~ '^[0-9a-f]{64}$'),
  -- The ties the count found at an office's last seats: [{ office, seats, tied: [nomination id…],
  -- drawn: [nomination id…] | null, note }], the draws as the Returning Officer recorded them.
  lots jsonb NOT NULL DEFAULT '[]',
  -- Set once every tie is drawn: the results page is public from then on.
  published_at timestamptz,
  CHECK (ballots = voters AND voters = trackers)
);
