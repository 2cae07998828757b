import { ElectionDetails, type ElectionFacts, sampleElection } from "./election-facts.server.tsx";
import { Action, MailLayout, Para } from "./layout.server.tsx";
import { defineTemplate } from "./template.server.tsx";

type Props = ElectionFacts & { lastDay: string };

/** The call for nominations, to everyone on the roll as nominations open. */
export const electionNominationsCall = defineTemplate<Props>({
  name: "election-nominations-call",
  title: "Call for nominations, to everyone on the roll",
  subject: ({ title }) => `Nominations are open: ${title}`,
  Body: (props) => (
    <MailLayout preview={`Nominations are open until the end of ${props.lastDay}`}>
      <Para>Dear member,</Para>
      <Para>
        {`Nominations are open until the end of ${props.lastDay}. Any member on the roll may nominate a candidate on the roll for an office; a second member on the roll seconds the nomination, and the candidate accepts it online. A candidate stands once all three have done so.`}
      </Para>
      <Para>
        Under the society's rules no one may hold the same office for more than two consecutive terms. A
        nomination that would break a rule goes to the Returning Officer, who decides on it with a note.
      </Para>
      <ElectionDetails facts={props} />
      <Action href={props.url}>Nominate, second or accept on the election's page</Action>
    </MailLayout>
  ),
  sample: { ...sampleElection, lastDay: "15 May 2027" },
});
