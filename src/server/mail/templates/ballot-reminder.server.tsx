import { Action, MailLayout, Para } from "./layout.server.tsx";
import { SAMPLE_SITE } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

type Props = { election: string; closes: string; voteUrl: string };

/**
 * The one reminder to the roll's members who have not voted: it says that and nothing more (no
 * name of a candidate, no count of who has voted), the same words to everyone it goes to.
 */
export const ballotReminder = defineTemplate<Props>({
  name: "ballot-reminder",
  title: "Reminder to vote",
  subject: ({ election }) => `You have not voted yet in the ${election}`,
  Body: ({ election, closes, voteUrl }) => (
    <MailLayout preview={`Voting closes on ${closes}`}>
      <Para>Dear member,</Para>
      <Para>{`You have not voted yet in the ${election}. Voting closes on ${closes}.`}</Para>
      <Action href={voteUrl}>Vote now</Action>
    </MailLayout>
  ),
  sample: {
    election: "Council election 2027-2028",
    closes: "14 March 2027, 5:00 pm IST",
    voteUrl: `${SAMPLE_SITE}/elections/5b0c6d1e-3f2a-4c8b-9d7e-1a2b3c4d5e6f/vote`,
  },
});
