-- Claiming a register member's account (issue 57, decision 0054). Every claim link mailed to a
-- member (asked for on /claim-account, sent by the secretariat, or carried by an invitation)
-- takes the next number; the link carries it, signed, and works only while it is the member's
-- newest, so a second link voids the first. Counting up in one UPDATE is what lets an
-- invitation of two thousand members be one statement, and two presses at once number each
-- member's link once.
ALTER TABLE register_members ADD COLUMN claim_serial integer NOT NULL DEFAULT 0 CHECK (claim_serial >= 0);
