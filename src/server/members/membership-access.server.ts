import { needsPayment } from "#shared/enrolment-options.ts";
import type { Account } from "./accounts.server.ts";

/**
 * Whether this account holds a membership that is active now: what the directory asks before it
 * shows members' contact details (decision 0015). The one place that decides it, so a richer
 * membership status (periods, arrears, lapse) changes only this function. An author or reviewer
 * account with no membership is active but is not a member.
 */
export function hasActiveMembership(account: Account, _now = new Date()): boolean {
  return account.status === "active" && needsPayment(account.membership);
}
