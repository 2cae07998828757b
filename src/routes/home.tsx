import { Link } from "react-router-dom";
import type { RouteHandle } from "#app/route-handle.ts";
import site from "#content/site.yaml";

export const handle: RouteHandle = { meta: { title: site.name, description: site.description } };

const sections = [
  { to: "/about-us", name: "About the Society", text: "Our history since 1941 and the aims we work for." },
  {
    to: "/rules",
    name: "Constitution and Rules",
    text: "Membership, fees, the Council, elections and the journal.",
  },
  {
    to: "/executive-council",
    name: "Executive Council",
    text: "The office bearers and zonal Councillors in office.",
  },
  { to: "/awards", name: "Awards", text: "The society's awards, past recipients and how to nominate." },
  { to: "/congress", name: "Second National Genetic Congress", text: "The society's national congress." },
];

export function Component() {
  const { membershipHighlights: m, journal } = site;
  return (
    <div className="page">
      <section aria-labelledby="home-title" className="hero">
        <h1 id="home-title">{site.name}</h1>
        <p className="prose">{site.description}</p>
        <ul className="figures" aria-label="The society in numbers">
          <li>
            <strong>{m.members.toLocaleString("en-IN")}+</strong> members
          </li>
          <li>
            <strong>{m.lifeMembers.toLocaleString("en-IN")}+</strong> life members
          </li>
          <li>
            <strong>{m.foreignMembers}</strong> foreign members
          </li>
          <li>
            <strong>{m.honoraryFellows}</strong> honorary fellows
          </li>
        </ul>
      </section>
      <section aria-labelledby="journal-title" className="card">
        <h2 id="journal-title">{journal.name}</h2>
        <p>
          Published {journal.frequency.toLowerCase()}, {journal.issuesPerYear} issues a year, in{" "}
          {journal.months.join(", ")}. Impact factor {journal.impactFactor}.
        </p>
        <p>
          <a href={journal.url} target="_blank" rel="noopener">
            Visit the journal<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      </section>
      <h2>Explore the society</h2>
      <ul className="card-grid">
        {sections.map((section) => (
          <li key={section.to} className="card">
            <h3>
              <Link to={section.to}>{section.name}</Link>
            </h3>
            <p>{section.text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
