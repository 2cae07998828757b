-- Receipts and refunds (decision 0055). Every confirmed payment has one receipt, numbered in a
-- series per financial year (April to March, India's accounting year): ISGPB/2026-27/000123. A
-- number is taken from its year's counter in the transaction that records the payment, so two
-- payments confirmed at once get consecutive numbers, and a payment rolled back takes none (no
-- gaps, no duplicates). A receipt is never renumbered and never deleted; a refund marks it.

-- The last number given in each year's series. Its row is the lock: UPDATE … RETURNING holds it
-- until the payment's transaction ends, so the next payment of that year waits for it.
CREATE TABLE receipt_series (
  series text PRIMARY KEY CHECK (series ~ '^\d{4}-\d{2}$'),
  last integer NOT NULL CHECK (last >= 0)
);

-- A refund: of a payment in the ledger (payment_id), or of a payment Razorpay took that the ledger
-- never applied (a duplicate or a mismatched amount the secretariat chose to refund: only its
-- Razorpay payment id). Whole refunds only, once each (the unique keys).
CREATE TABLE refunds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  payment_id bigint UNIQUE REFERENCES payments (id),
  -- The Razorpay payment refunded; null for a refund the office paid back by bank transfer.
  razorpay_payment_id text UNIQUE CHECK (razorpay_payment_id ~ '^pay_[A-Za-z0-9]{1,40}$'),
  -- Razorpay's refund (rfnd_…), or the bank's reference of the office's transfer back.
  refund_reference text,
  method text NOT NULL CHECK (method IN ('razorpay', 'manual')),
  -- Rupees returned.
  amount integer NOT NULL CHECK (amount > 0),
  -- Razorpay's refund status when recorded ('pending' until the bank processes it), 'processed'.
  status text NOT NULL CHECK (status IN ('pending', 'processed')),
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
  account_id uuid REFERENCES accounts (id),
  refunded_at timestamptz NOT NULL,
  refunded_by text NOT NULL,
  CHECK (payment_id IS NOT NULL OR razorpay_payment_id IS NOT NULL),
  CHECK ((method = 'razorpay') = (razorpay_payment_id IS NOT NULL))
);
CREATE INDEX refunds_by_time ON refunds (refunded_at DESC);

CREATE TABLE receipts (
  -- "ISGPB/2026-27/000123": the series and the number within it, as printed.
  number text PRIMARY KEY CHECK (number ~ '^ISGPB/\d{4}-\d{2}/\d{6,}$'),
  series text NOT NULL REFERENCES receipt_series (series),
  seq integer NOT NULL CHECK (seq > 0),
  payment_id bigint NOT NULL UNIQUE REFERENCES payments (id),
  account_id uuid NOT NULL REFERENCES accounts (id),
  issued_at timestamptz NOT NULL,
  -- What the receipt says that may change on the account later: the member's name and number as
  -- they were the day it was issued (the payment's own facts are read from its row, which stays).
  issued_to text NOT NULL,
  member_no text NOT NULL,
  -- The Razorpay payment id printed on it, for a payment taken online (the bank's reference of a
  -- transfer is the payment's own bank_reference).
  razorpay_payment_id text UNIQUE,
  refunded_at timestamptz,
  refund_id bigint UNIQUE REFERENCES refunds (id),
  UNIQUE (series, seq),
  CHECK ((refunded_at IS NULL) = (refund_id IS NULL))
);
CREATE INDEX receipts_by_account ON receipts (account_id, issued_at DESC);

-- Payments confirmed before receipts existed get theirs now, in the order they were confirmed, in
-- the series of the financial year (in India) of the day each was confirmed: as if each had been
-- numbered that day. The member's name and number are the account's today.
INSERT INTO receipt_series (series, last)
SELECT series, count(*)
FROM (
  SELECT
    CASE WHEN extract(month FROM confirmed_at AT TIME ZONE 'Asia/Kolkata') >= 4
      THEN extract(year FROM confirmed_at AT TIME ZONE 'Asia/Kolkata')::integer
      ELSE extract(year FROM confirmed_at AT TIME ZONE 'Asia/Kolkata')::integer - 1
    END AS start_year
  FROM payments
) AS years
CROSS JOIN LATERAL (SELECT start_year::text || '-' || lpad(((start_year + 1) % 100)::text, 2, '0') AS series) AS named
GROUP BY series;

INSERT INTO receipts (number, series, seq, payment_id, account_id, issued_at, issued_to, member_no)
SELECT
  'ISGPB/' || series || '/' || lpad(seq::text, 6, '0'),
  series, seq, id, account_id, confirmed_at, name, member_no
FROM (
  SELECT
    p.id, p.account_id, p.confirmed_at, a.name,
    coalesce(r.member_no, 'M-' || substr(a.application_id, 4), '') AS member_no,
    named.series,
    row_number() OVER (PARTITION BY named.series ORDER BY p.confirmed_at, p.id)::integer AS seq
  FROM payments p
  JOIN accounts a ON a.id = p.account_id
  LEFT JOIN register_members r ON r.account_id = p.account_id
  CROSS JOIN LATERAL (
    SELECT CASE WHEN extract(month FROM p.confirmed_at AT TIME ZONE 'Asia/Kolkata') >= 4
      THEN extract(year FROM p.confirmed_at AT TIME ZONE 'Asia/Kolkata')::integer
      ELSE extract(year FROM p.confirmed_at AT TIME ZONE 'Asia/Kolkata')::integer - 1
    END AS start_year
  ) AS fy
  CROSS JOIN LATERAL (SELECT fy.start_year::text || '-' || lpad(((fy.start_year + 1) % 100)::text, 2, '0') AS series) AS named
) AS numbered;
