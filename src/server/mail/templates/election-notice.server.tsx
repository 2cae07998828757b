import { ElectionDetails, type ElectionFacts, sampleElection } from "./election-facts.server.tsx";
import { Action, MailLayout, Para } from "./layout.server.tsx";
import { defineTemplate } from "./template.server.tsx";

/** The notice of election, to everyone on the roll as it is frozen. */
export const electionNotice = defineTemplate<ElectionFacts>({
  name: "election-notice",
  title: "Notice of election, to everyone on the roll",
  subject: ({ title }) => `Notice of election: ${title}`,
  Body: (facts) => (
    <MailLayout preview={`The Council for ${facts.term} is to be elected, and you are on the roll`}>
      <Para>Dear member,</Para>
      <Para>
        {`The society will elect the office bearers and Councillors it elects by ballot for the term ${facts.term}. Your membership stood on the roll's cut-off day, so you are on the electoral roll: you may nominate, second, stand and vote. The President and the Editor are selected by a collegium and are not on the ballot.`}
      </Para>
      <ElectionDetails facts={facts} />
      <Para>
        You will be told when nominations open, and again when voting opens. The election's page shows where
        it stands and whether you are on the roll.
      </Para>
      <Action href={facts.url}>The election's page</Action>
    </MailLayout>
  ),
  sample: sampleElection,
});
