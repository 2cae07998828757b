import { Action, Details, MailLayout, Para } from "./layout.server.tsx";
import { SAMPLE_SITE } from "./sample-data.server.ts";
import { defineTemplate } from "./template.server.tsx";

type Props = {
  name: string;
  title: string;
  office: string;
  nominatedBy: string;
  lastDay: string;
  url: string;
};

/** A member was nominated: they stand once seconded and once they accept on the election's page. */
export const electionNominated = defineTemplate<Props>({
  name: "election-nominated",
  title: "Nominated for an office: accept or decline",
  subject: ({ office, title }) => `You have been nominated for ${office}: ${title}`,
  Body: ({ name, title, office, nominatedBy, lastDay, url }) => (
    <MailLayout preview={`You have been nominated for ${office}`}>
      <Para>{`Dear ${name},`}</Para>
      <Para>
        {`${nominatedBy} has nominated you for ${office} in ${title}. You stand as a candidate once another member on the roll has seconded the nomination and you have accepted it. Sign in and accept or decline it on the election's page by the end of ${lastDay}.`}
      </Para>
      <Details
        rows={[
          ["Office", office],
          ["Nominated by", nominatedBy],
          ["Nominations close", `at the end of ${lastDay}`],
        ]}
      />
      <Action href={url}>Accept or decline on the election's page</Action>
    </MailLayout>
  ),
  sample: {
    name: "Dr. Ishaan Verma",
    title: "Election of the Executive Council 2027",
    office: "Secretary",
    nominatedBy: "Dr. Radhika Menon",
    lastDay: "15 May 2027",
    url: `${SAMPLE_SITE}/elections/00000000-0000-4000-8000-000000000000`,
  },
});
