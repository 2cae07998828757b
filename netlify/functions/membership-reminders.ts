/**
 * Scheduled daily (08:30 in India): the Treasurer's calendar for annual memberships. After the
 * financial year ends (31 March), each member whose subscription is unpaid is sent the renewal
 * reminder (from 1 April: within the month), a second notice when removed three months after the
 * reminder, and the lapse is recorded after a year of arrears (see
 * src/server/membership/membership-reminders.server.ts and docs/decisions/0014). One query finds
 * the members who may be due a notice; each notice is a row (member, financial year, kind) written
 * with its mail in the outbox, so a rerun, or two runs at once, mail no one twice. The outbox's
 * sender delivers the mails in Resend's batches in the time left, retry-mail the rest. The run
 * starts nothing after 20 s; what it did not reach waits for the next day's run.
 * The clock is the real one: nothing in a request or the environment can set it here. Tests and
 * the browser tests call runMembershipReminders with the day they choose.
 * Env: URL (links), and the mail settings of the sign-up page's action.
 */
import type { Config } from "@netlify/functions";
import { withContent } from "../../src/server/content/page-content.server.ts";
import { readEnv } from "../../src/server/env.server.ts";
import { runMembershipReminders } from "../../src/server/membership/membership-reminders.server.ts";

/** Where the links point when Netlify has not said (a local run). */
const LOCAL_ORIGIN = "http://localhost:8888";

export default async () => {
  // One snapshot of the content (fees, calendar, bank details) for the whole run.
  const run = await withContent(() =>
    runMembershipReminders({ now: new Date(), origin: readEnv().URL ?? LOCAL_ORIGIN }),
  );
  console.log(
    `membership-reminders: ${run.recorded["renewal-reminder"]} reminders, ${run.recorded["second-notice"]} second notices, ${run.recorded.lapsed} lapses, ${run.recorded["instalment-reminder"] + run.recorded["instalment-overdue"]} instalment notices recorded; ${run.delivery.sent} mails sent now, the rest left to retry-mail; ${run.left} members left for the next run`,
  );
};

export const config: Config = { schedule: "0 3 * * *" };
