-- The secret ballot (issue 59; decision 0053). Who has voted and what was voted are two tables
-- that share nothing but the election's id: a ballot row carries no account, no time finer than
-- the day and a random id, so no query joins a ballot to its voter.

-- That a member has voted in an election (and when, to tell them so). One per member: a second
-- vote, at the same moment or later, finds this row taken.
CREATE TABLE election_voters (
  election_id uuid NOT NULL REFERENCES elections (id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES accounts (id),
  voted_at timestamptz NOT NULL,
  PRIMARY KEY (election_id, account_id)
);

-- A ballot: random id, the day it was cast, and the tracker the voter was given.
CREATE TABLE ballots (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  election_id uuid NOT NULL REFERENCES elections (id) ON DELETE CASCADE,
  cast_on date NOT NULL,
  tracker text NOT NULL UNIQUE CHECK (tracker ~ '^[A-Z0-9-]{8,40}$'),
  -- The choices, office by office: { "<office>": ["<nomination id>", …] }.
  choices jsonb NOT NULL
);
CREATE INDEX ballots_by_election ON ballots (election_id, id);

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

-- What the close fixed: the count of ballots and the digest of them all, in id order.
CREATE TABLE election_closes (
  election_id uuid PRIMARY KEY REFERENCES elections (id) ON DELETE CASCADE,
  closed_at timestamptz NOT NULL,
  closed_by uuid NOT NULL REFERENCES accounts (id),
  ballots integer NOT NULL CHECK (ballots >= 0),
  voters integer NOT NULL CHECK (voters >= 0),
  digest text NOT NULL CHECK (digest ~ '^[0-9a-f]{64}$'),
  -- A tie drawn by lot: what was drawn and how, as the Returning Officer recorded it.
  lots jsonb NOT NULL DEFAULT '[]',
  published_at timestamptz
);
