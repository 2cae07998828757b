import { Action, Details, MailLayout, Para } from "./layout.server.tsx";
import { SAMPLE_SITE } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

type Props = {
  name: string;
  title: string;
  change: "added" | "struck";
  reason: string;
  returningOfficer: string;
  url: string;
};

/** The Returning Officer added the member's name to the roll, or struck it, with the reason. */
export const electionRollChange = defineTemplate<Props>({
  name: "election-roll-change",
  title: "A name added to the electoral roll, or struck from it",
  subject: ({ title, change }) =>
    change === "added"
      ? `You are now on the electoral roll: ${title}`
      : `Your name was struck from the electoral roll: ${title}`,
  Body: ({ name, title, change, reason, returningOfficer, url }) => (
    <MailLayout
      preview={
        change === "added" ? "You are now on the electoral roll" : "Your name was struck from the roll"
      }
    >
      <Para>{`Dear ${name},`}</Para>
      <Para>
        {change === "added"
          ? `The Returning Officer has added your name to the electoral roll of ${title}: you may nominate, second, stand and vote.`
          : `The Returning Officer has struck your name from the electoral roll of ${title}: you may no longer nominate, second, stand or vote in it. If you think this is wrong, reply to the society's secretariat before voting opens.`}
      </Para>
      <Details
        rows={[
          ["Reason", reason],
          ["Returning Officer", returningOfficer],
        ]}
      />
      <Action href={url}>The election's page</Action>
    </MailLayout>
  ),
  sample: {
    name: "Dr. Ishaan Verma",
    title: "Election of the Executive Council 2027",
    change: "added",
    reason:
      "The subscription for 2026-27 reached the society's account on 28 March 2027; the bank's statement came late.",
    returningOfficer: "Dr. Meenakshi Iyengar",
    url: `${SAMPLE_SITE}/elections/00000000-0000-4000-8000-000000000000`,
  },
});
