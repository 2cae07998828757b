import type { Account } from "../account/accounts.server.ts";
import { membershipOf } from "./membership.server.ts";

/**
 * Whether this account holds a membership that is active now: what the directory asks before it
 * shows members' contact details (decision 0015). The one place that decides it. A member whose
 * renewal is due is still a member until the constitution's removal date (decision 0014); one in
 * arrears or lapsed, or an account with no membership (an author or reviewer), is not. Nor is the
 * buyer of a single copy of the journal (the `single` rule): one payment for one copy, no period
 * and nothing to renew, so 'active' with no end; it makes no one a member of the society's roll.
 */
export function hasActiveMembership(account: Account, now = new Date()): boolean {
  if (account.status !== "active") return false;
  const { status, rule } = membershipOf(account, now);
  if (rule === "single") return false;
  // A life fee overdue is, like a renewal due, not yet removal: that comes after the notice.
  return status === "active" || status === "renewal-due" || status === "instalment-overdue";
}
