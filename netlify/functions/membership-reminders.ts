/**
 * Scheduled daily (08:30 in India): the Treasurer's calendar for annual memberships. After the
 * financial year ends (31 March), each member whose subscription is unpaid is sent the renewal
 * reminder (from 1 April: within the month), a second notice when removed three months after the
 * reminder, and the lapse is recorded after a year of arrears (see
 * src/server/membership/membership-reminders.server.ts and docs/decisions/0014). Each mail goes
 * through the stored-then-sent path, keyed by member, financial year and kind: a rerun mails no
 * one twice. The run starts nothing after 20 s; the rest waits for the next day's run.
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
    `membership-reminders: ${run.sent["renewal-reminder"]} reminders, ${run.sent["second-notice"]} second notices, ${run.sent.lapsed} lapses recorded; ${run.pending} mails pending; ${run.left} accounts left for the next run`,
  );
};

export const config: Config = { schedule: "0 3 * * *" };
