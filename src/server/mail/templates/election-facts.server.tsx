import { Details } from "./layout.server.tsx";
import { SAMPLE_SITE } from "./sample-data.server.ts";

/** What every notice of an election says about it (src/server/elections/election-mails.server.ts). */
export type ElectionFacts = {
  title: string;
  term: string;
  /** "Vice-President (2 seats)", "Councillor (North Zone), chosen by the zone's members". */
  offices: string[];
  returningOfficer: string;
  cutoff: string;
  nominations: string;
  voting: string;
  /** The election's page for members. */
  url: string;
};

export function ElectionDetails({ facts }: { facts: ElectionFacts }) {
  return (
    <Details
      rows={[
        ["Election", `${facts.title} (the Council for ${facts.term})`],
        ["Offices", facts.offices.join("\n")],
        ["Roll's cut-off day", facts.cutoff],
        ["Nominations", facts.nominations],
        ["Voting", facts.voting],
        ["Returning Officer", facts.returningOfficer],
      ]}
    />
  );
}

export const sampleElection: ElectionFacts = {
  title: "Election of the Executive Council 2027",
  term: "2027-2028",
  offices: ["Vice-President (2 seats)", "Secretary", "Treasurer", "Councillor (North Zone)"],
  returningOfficer: "Dr. Meenakshi Iyengar",
  cutoff: "31 March 2027",
  nominations: "1 May 2027 to the end of 15 May 2027",
  voting: "1 June 2027 to the end of 14 June 2027",
  url: `${SAMPLE_SITE}/elections/00000000-0000-4000-8000-000000000000`,
};
