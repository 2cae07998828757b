import { PersonCard } from "#components/ui/person-card.tsx";
import { pageContent } from "#server/content/page-content.server.ts";
import { routeMeta } from "../page-meta.ts";
import type { Route } from "./+types/executive-council";

export async function loader() {
  return { council: await pageContent("executive-council.yaml") };
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Executive Council",
    description: `The Executive Council of the Indian Society of Genetics and Plant Breeding for ${args.loaderData?.council.term}: President, Vice-Presidents, Secretary, Editor, Treasurer and zonal Councillors.`,
  });

const zoneNames = {
  NZ: "North Zone",
  EZ: "Eastern Zone",
  MEZ: "Mid-Eastern Zone",
  CZ: "Central Zone",
  WZ: "Western Zone",
  SZ: "Southern Zone",
} as const;

export default function ExecutiveCouncil({ loaderData: { council } }: Route.ComponentProps) {
  const officers = [
    { role: "President", person: council.president },
    ...council.vicePresidents.map((person) => ({ role: "Vice-President", person })),
    { role: "Secretary", person: council.secretary },
    { role: "Editor", person: council.editor },
    { role: "Treasurer", person: council.treasurer },
  ];
  return (
    <div className="page">
      <h1>Executive Council</h1>
      <p>Office bearers for the term {council.term}.</p>
      <h2>Office Bearers</h2>
      <ul className="card-grid">
        {officers.map(({ role, person }) => (
          <li key={`${role}-${person.name}`}>
            <PersonCard role={role} name={person.name} detail={person.institute} />
          </li>
        ))}
      </ul>
      <h2>Councillors</h2>
      <ul className="card-grid">
        {council.councillors.map((councillor) => (
          <li key={councillor.zone}>
            <PersonCard
              role={
                <>
                  <abbr title={zoneNames[councillor.zone]}>{councillor.zone}</abbr>
                  <span className="visually-hidden"> ({zoneNames[councillor.zone]})</span>
                </>
              }
              name={councillor.name}
              detail={councillor.institute}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
