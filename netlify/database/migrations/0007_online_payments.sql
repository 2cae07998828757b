-- Payments taken online through Razorpay (issue 58, decision 0052). An online payment is a row of
-- `payments` like the secretariat's own record; these tables hold what comes before and beside it:
-- the Razorpay order made for one payment due, each webhook event once, and the payments the site
-- received but did not apply (paid twice, or not what the order asked).

-- Where the money came in: the secretariat's record from the bank statement ('bank', the default
-- for every payment recorded before this), a UPI credit it recorded, Razorpay ('online'), or the
-- membership register's import ('register').
ALTER TABLE payments
  ADD COLUMN source text NOT NULL DEFAULT 'bank' CHECK (source IN ('bank', 'upi', 'online', 'register')),
  -- Razorpay's id of the payment that settled it ("pay_…"): one ledger row per Razorpay payment.
  ADD COLUMN razorpay_payment_id text UNIQUE CHECK (razorpay_payment_id ~ '^pay_[A-Za-z0-9]{1,40}$'),
  ADD COLUMN razorpay_order_id text CHECK (razorpay_order_id ~ '^order_[A-Za-z0-9]{1,40}$'),
  ADD CHECK ((source = 'online') = (razorpay_payment_id IS NOT NULL));

-- A Razorpay order (Orders API) for one account and one payment due: what the member is asked to
-- pay, fixed by the server from the membership's state when "Pay online" is pressed. Its id is
-- Razorpay's; its receipt there is the payment reference. A payment counts only against a row here.
CREATE TABLE payment_orders (
  id text PRIMARY KEY CHECK (id ~ '^order_[A-Za-z0-9]{1,40}$'),
  account_id uuid NOT NULL REFERENCES accounts (id),
  -- The payment reference (ISGPB-…), also the order's `receipt` at Razorpay.
  reference text NOT NULL CHECK (length(reference) BETWEEN 1 AND 40),
  -- In paise, as Razorpay counts it.
  amount integer NOT NULL CHECK (amount > 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  -- What it pays for: the next payment's kind (application, renewal, instalment, rejoin).
  kind text NOT NULL CHECK (length(kind) BETWEEN 1 AND 40),
  status text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'paid', 'failed')),
  created_at timestamptz NOT NULL,
  -- The browser came back with a correctly signed result before the payment was confirmed.
  returned_at timestamptz,
  paid_at timestamptz,
  CHECK ((status = 'paid') = (paid_at IS NOT NULL))
);
-- One open order per payment due and amount: pressing "Pay online" again reuses it (an order
-- takes several attempts), and a fee changed since makes another.
CREATE UNIQUE INDEX payment_orders_one_per_due ON payment_orders (reference, amount, currency);
CREATE INDEX payment_orders_by_account ON payment_orders (account_id, created_at DESC);

-- Each webhook event once, by Razorpay's x-razorpay-event-id: a retried delivery finds it here
-- and changes nothing. Written in the transaction that acts on the event.
CREATE TABLE razorpay_events (
  id text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 100),
  event text NOT NULL CHECK (length(event) BETWEEN 1 AND 100),
  received_at timestamptz NOT NULL,
  -- What the site did with it: 'recorded', 'already', 'duplicate', 'mismatch', 'ignored'.
  outcome text NOT NULL CHECK (length(outcome) BETWEEN 1 AND 40)
);
CREATE INDEX razorpay_events_by_time ON razorpay_events (received_at);

-- A payment Razorpay took that the site did not apply: paid twice for one payment due
-- ('duplicate': the secretariat refunds it or keeps it as a credit), or not what the order asked
-- ('mismatch': another amount or currency, an order the site did not make, a rejected
-- application). Held for the secretariat, who resolves it; never counted toward a membership.
CREATE TABLE payment_exceptions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('duplicate', 'mismatch')),
  razorpay_payment_id text NOT NULL UNIQUE CHECK (razorpay_payment_id ~ '^pay_[A-Za-z0-9]{1,40}$'),
  razorpay_order_id text,
  -- None when the order is not one the site made.
  account_id uuid REFERENCES accounts (id),
  reference text,
  -- In paise, as Razorpay took it.
  amount integer NOT NULL CHECK (amount >= 0),
  currency text NOT NULL,
  details text NOT NULL,
  created_at timestamptz NOT NULL,
  resolved_at timestamptz,
  resolved_by text,
  -- The secretariat's choice: 'refunded', 'credited', 'applied', or its own words.
  resolution text,
  CHECK ((resolved_at IS NULL) = (resolution IS NULL))
);
CREATE INDEX payment_exceptions_open ON payment_exceptions (created_at) WHERE resolved_at IS NULL;
