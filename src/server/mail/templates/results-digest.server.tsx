import { Action, Details, MailLayout, Para } from "./layout.server.tsx";
import { SAMPLE_SITE } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

type Props = { election: string; ballots: number; digest: string; resultsUrl: string };

/**
 * To every voter when the results are published: the count of ballots and the digest taken at the
 * close, so that anyone who keeps this mail can tell if a ballot is changed afterwards. The same
 * words to every voter.
 */
export const resultsDigest = defineTemplate<Props>({
  name: "results-digest",
  title: "Election results and digest",
  subject: ({ election }) => `Results of the ${election}`,
  Body: ({ election, ballots, digest, resultsUrl }) => (
    <MailLayout preview={`The results of the ${election} are published`}>
      <Para>Dear member,</Para>
      <Para>
        {`The Returning Officer has closed and counted the ${election}. The results, and the tracker of every counted ballot, are published on the results page.`}
      </Para>
      <Details
        rows={[
          ["Ballots counted", String(ballots)],
          ["Digest (SHA-256)", digest],
        ]}
      />
      <Para>
        {
          "Keep this mail. The digest is taken over every ballot and tracker as they stood at the close; the ballot export on the results page can be counted again, and its digest recomputed, with the society's recount command. A different digest means a ballot was changed after the close."
        }
      </Para>
      <Action href={resultsUrl}>See the results</Action>
    </MailLayout>
  ),
  sample: {
    election: "Council election 2027-2028",
    ballots: 1384,
    digest: "3f1c9a7be0d24c55a1f0e6b9c2d8a4f7e3b1c5d9a2e6f0b4c8d2a6e0f4b8c2d6",
    resultsUrl: `${SAMPLE_SITE}/elections/5b0c6d1e-3f2a-4c8b-9d7e-1a2b3c4d5e6f/results`,
  },
});
