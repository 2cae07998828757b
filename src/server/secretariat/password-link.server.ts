import { accountLinkUrl, createAccountLink } from "../account/account-links.server.ts";
import { deliverPending, storeSubmission } from "../submissions.server.ts";
import { recordAction } from "./audit.server.ts";
import { secretariatAccountFor } from "./auth.server.ts";
import { setPasswordMail } from "./workspace-mails.server.ts";

/** The page a `set-password` account link opens: the members' reset page, which spends either link. */
export const SET_PASSWORD_PAGE = "/reset-password";

/** One link per address in this long at most, however often the form is sent. */
const LINK_EVERY_MS = 10 * 60 * 1000;

/**
 * Mails a listed address its single-use set-your-password link, through the stored-then-sent
 * path; an address that is not listed gets nothing (the caller answers the same either way).
 * Answers whether a link was sent.
 */
export async function requestPasswordLink(email: string, origin: string, now = new Date()): Promise<boolean> {
  const account = await secretariatAccountFor(email, now);
  if (!account) return false;
  const slot = Math.floor(now.getTime() / LINK_EVERY_MS);
  // The slot makes the record's id: a second request in the same ten minutes is a duplicate.
  const token = await createAccountLink(account, "set-password", { now });
  const mail = await setPasswordMail(account.email, accountLinkUrl(origin, SET_PASSWORD_PAGE, token));
  const { submission, duplicate } = await storeSubmission(
    "secretariat-password-link",
    { email: account.email, slot },
    { account: mail },
    now,
  );
  if (duplicate) return false;
  await recordAction({
    who: account.email,
    action: "password-link",
    record: `account/${account.key}`,
    summary: "Asked for a set-your-password link",
  });
  await deliverPending(submission);
  return true;
}
