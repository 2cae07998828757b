import { ElectionDetails, type ElectionFacts, sampleElection } from "./election-facts.server.tsx";
import { Action, MailLayout, Para } from "./layout.server.tsx";
import { defineTemplate } from "./template.server.tsx";

type Props = ElectionFacts & { lastDay: string };

/** The opening of voting, to everyone on the roll. */
export const electionVotingOpen = defineTemplate<Props>({
  name: "election-voting-open",
  title: "Voting is open, to everyone on the roll",
  subject: ({ title }) => `Voting is open: ${title}`,
  Body: (props) => (
    <MailLayout preview={`Voting is open until the end of ${props.lastDay}`}>
      <Para>Dear member,</Para>
      <Para>
        {`Voting is open until the end of ${props.lastDay}. Sign in on the society's website and cast your ballot on the election's page: it lists the candidates for each office. Your ballot is secret, and you may vote once.`}
      </Para>
      <ElectionDetails facts={props} />
      <Action href={props.url}>The election's page</Action>
    </MailLayout>
  ),
  sample: { ...sampleElection, lastDay: "14 June 2027" },
});
