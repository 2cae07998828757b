-- Issue 56: the outbox's wait after a failure. A mail Resend refused or did not answer is not tried
-- again before this, and each failure waits longer than the one before (outbox.server.ts), so a
-- mail that keeps failing is not tried at every run of the sender until its attempts are spent.
-- A 429's wait stays in not_before: it is Resend's, for every mail, not this mail's.
ALTER TABLE outbox ADD COLUMN next_attempt_at timestamptz;
