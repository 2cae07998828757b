-- Issue 56: the workspace's search and the overview's counts at the society's size.
--
-- The search finds an application by any part of its name, e-mail, application id, member number,
-- the reference due, or a payment's reference or bank reference (spaces aside). `LIKE '%…%'` can
-- use no b-tree, so every search read every account and every payment; trigram indexes (pg_trgm,
-- which Netlify Database offers) find the few that hold the needle. The accounts' texts are one
-- expression, so one index serves them all; the same function is what the search asks
-- (src/server/secretariat/applications.server.ts), so the planner matches the two.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- What a search may find in an account, case-folded, one text a line: its name, its e-mail, and
-- the two payment references it may be asked to quote without their period ("isgpb-en-…-",
-- "isgpb-m-…-"), which hold the application id and the member number.
CREATE FUNCTION account_search_text(name text, email text, application_id text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT lower(name) || chr(10) || lower(email)
      || chr(10) || 'isgpb-' || lower(coalesce(application_id, '')) || '-'
      || chr(10) || 'isgpb-m-' || lower(substr(coalesce(application_id, ''), 4)) || '-'
  $$;
-- Written through (fastupdate off), not kept in a pending list until a vacuum: the records change a
-- few times a day, the search is asked far more often and reads the index as it stands.
CREATE INDEX accounts_search ON accounts
  USING gin (account_search_text(name, email, application_id) gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX payments_reference_search ON payments
  USING gin (lower(reference) gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX payments_bank_reference_search ON payments
  USING gin (lower(regexp_replace(bank_reference, '\s+', '', 'g')) gin_trgm_ops) WITH (fastupdate = off);

-- The overview's counts read the life members' instalments (references ending L1, L2, …) apart
-- from every other payment: a few hundred rows, found here rather than by reading all.
CREATE INDEX payments_life_instalments ON payments (account_id) WHERE ref_form IS NOT NULL AND ref_period LIKE 'L_';
