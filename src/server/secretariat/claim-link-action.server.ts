import { claimTargetOf, queueClaimLink } from "../account/account-claim.server.ts";
import { type Account, changeAddress, findAccount, lockAccount } from "../account/accounts.server.ts";
import { inTransaction } from "../db/database.server.ts";
import { deliverNow } from "../mail/outbox.server.ts";
import { requestMailBudgetMs } from "../submissions.server.ts";
import { recordAction } from "./audit.server.ts";

export type ClaimLinkOutcome = "claim-link-sent" | "claim-link-claimed" | "claim-link-taken";

/** Another open account took the address at the same moment: the unique index refused the move. */
class AddressTaken extends Error {}

/**
 * A register member whose address on the register is out of date asked the office, which checked
 * the new address with them (decision 0054): in one transaction the account moves to the new
 * address (its history keeps the old one), a fresh claim link is numbered (any link before it stops
 * working) and queued to the new address, and the audit log says who did it. A member who has
 * claimed already, or an address another open account holds, changes nothing.
 */
export async function sendClaimLinkToNewAddress(
  account: Account,
  email: string,
  who: string,
  origin: string,
  now = new Date(),
): Promise<ClaimLinkOutcome> {
  const outcome = await moveAndQueue(account, email, who, origin, now).catch((error: unknown) => {
    if (error instanceof AddressTaken) return { code: "claim-link-taken" as const };
    throw error;
  });
  if (outcome.code === "claim-link-sent") await deliverNow(outcome.ids, requestMailBudgetMs());
  return outcome.code;
}

function moveAndQueue(account: Account, email: string, who: string, origin: string, now: Date) {
  return inTransaction(async (tx) => {
    const locked = await lockAccount(tx, account.key);
    const target = locked ? await claimTargetOf(locked.key, tx) : null;
    if (!locked || !target) return { code: "claim-link-claimed" as const };
    const moved = locked.email.toLowerCase() !== email.toLowerCase();
    if (moved && (await findAccount(email, tx))) return { code: "claim-link-taken" as const };
    // A refused move has failed the transaction's statement: it is rolled back whole.
    if (moved && !(await changeAddress(tx, locked, email, now))) throw new AddressTaken();
    const ids = await queueClaimLink(tx, target, origin, now);
    if (!ids) return { code: "claim-link-claimed" as const };
    await recordAction(
      {
        who,
        action: "claim-link",
        record: `account/${locked.key}`,
        summary: moved
          ? `Checked member ${target.memberNo}'s new address and sent the claim link to ${email} (address changed from ${locked.email})`
          : `Sent member ${target.memberNo}'s claim link again to ${email}`,
      },
      now,
      tx,
    );
    return { code: "claim-link-sent" as const, ids };
  });
}
