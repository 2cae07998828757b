import { Details, MailLayout, Para } from "./layout.server.tsx";
import { SAMPLE_SITE } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

type Props = { name: string; election: string; tracker: string; votedOn: string; resultsUrl: string };

/**
 * A voter's receipt: their ballot tracker, never their choices (decision 0056). The tracker is in
 * no table beside a ballot, so this mail, wherever it is kept, tells no one how they voted.
 */
export const ballotTracker = defineTemplate<Props>({
  name: "ballot-tracker",
  title: "Ballot tracker",
  subject: ({ election }) => `Your vote in the ${election} is recorded`,
  Body: ({ name, election, tracker, votedOn, resultsUrl }) => (
    <MailLayout preview={`Your ballot tracker: ${tracker}`}>
      <Para>{`Dear ${name},`}</Para>
      <Para>{`Your vote in the ${election} was recorded on ${votedOn}. Keep this ballot tracker:`}</Para>
      <Details rows={[["Ballot tracker", tracker]]} />
      <Para>
        {`When voting closes, the Returning Officer publishes every counted ballot's tracker at ${resultsUrl}: find yours there to see that your ballot was counted. The tracker does not show how you voted, to you or to anyone else, and no one at the society can tell from it.`}
      </Para>
    </MailLayout>
  ),
  sample: {
    name: "Dr. Meera Iyer",
    election: "Council election 2027-2028",
    tracker: "K7QXM-4RTPA-9HWZC",
    votedOn: "3 March 2027",
    resultsUrl: `${SAMPLE_SITE}/elections/5b0c6d1e-3f2a-4c8b-9d7e-1a2b3c4d5e6f/results`,
  },
});
