import { createHash } from "node:crypto";
import { accountLinkUrl, createAccountLink } from "../account/account-links.server.ts";
import { inTransaction } from "../db/database.server.ts";
import { deliverPending, readSubmission, storeSubmissionAs } from "../submissions.server.ts";
import { recordAction } from "./audit.server.ts";
import { secretariatAccountFor } from "./auth.server.ts";
import { setPasswordMail } from "./workspace-mails.server.ts";

/** The page a `set-password` account link opens: the members' reset page, which spends either link. */
export const SET_PASSWORD_PAGE = "/reset-password";

/** One link per address in this long at most, however often the form is sent. */
export const LINK_EVERY_MS = 10 * 60 * 1000;

const KIND = "secretariat-password-link";

/**
 * Mails a listed address its single-use set-your-password link, through the stored-then-sent
 * path; an address that is not listed gets nothing (the caller answers the same either way).
 * Answers whether a link was sent.
 */
export async function requestPasswordLink(email: string, origin: string, now = new Date()): Promise<boolean> {
  const account = await secretariatAccountFor(email, now);
  if (!account) return false;
  // The record of a link is `<address hash>/<ten-minute slot>`, a submission's key, so of two
  // requests at once in one slot only one is stored and mails. A request early in a slot also finds the slot
  // before's link if that went out less than ten minutes ago (a boundary is no reset).
  const address = createHash("sha256").update(account.email).digest("hex").slice(0, 32);
  const slot = Math.floor(now.getTime() / LINK_EVERY_MS);
  const idOf = (s: number) => `${address}/${s}`;
  const before = await readSubmission(KIND, idOf(slot - 1));
  if (before && now.getTime() - Date.parse(before.receivedAt) < LINK_EVERY_MS) return false;
  const token = await createAccountLink(account, "set-password", { now });
  const mail = await setPasswordMail(account.email, accountLinkUrl(origin, SET_PASSWORD_PAGE, token));
  // The stored link (with its mail queued) and its audit line are kept together or not at all.
  const submission = await inTransaction(async (tx) => {
    const { submission, duplicate } = await storeSubmissionAs(
      KIND,
      idOf(slot),
      { email: account.email, slot },
      { account: mail },
      now,
      tx,
    );
    if (duplicate) return null;
    await recordAction(
      {
        who: account.email,
        action: "password-link",
        record: `account/${account.key}`,
        summary: "Asked for a set-your-password link",
      },
      new Date(),
      tx,
    );
    return submission;
  });
  if (!submission) return false;
  await deliverPending(submission);
  return true;
}
