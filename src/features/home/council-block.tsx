import { Link } from "react-router";
import type { Council } from "#shared/schemas/council.ts";
import type { EditorialBoard } from "#shared/schemas/editorial-board.ts";
import styles from "./home.module.css";

type Entry = { name: string; detail: string };

const groupsOf = (board: EditorialBoard): { title: string; entries: Entry[] }[] => [
  {
    title: "Associate Editors",
    entries: board.associateEditors.map((person) => ({ name: person.name, detail: person.institute })),
  },
  {
    title: "Members",
    entries: board.members.map((person) => ({ name: person.name, detail: person.institute })),
  },
  {
    title: "Secretariat Staff",
    entries: board.secretariat.map((person) => ({ name: person.name, detail: person.contact })),
  },
];

/** The Executive Council block: the President, then the board's people with their place or number. */
export function CouncilBlock({
  president,
  board,
}: {
  president: Council["president"];
  board: EditorialBoard;
}) {
  const groups = groupsOf(board);
  return (
    <section className={`card ${styles.council}`} aria-labelledby="council-title">
      <h3 id="council-title">Executive Council</h3>
      <p className={styles.president}>
        <strong>{president.name}</strong>
        <span>President</span>
        <span>{president.institute}</span>
      </p>
      {groups.map((group) => (
        <div key={group.title}>
          <h4>{group.title}</h4>
          <ul className={styles.people}>
            {group.entries.map((entry) => (
              <li key={entry.name}>
                <span className={styles.personName}>{entry.name}</span>
                <span>{entry.detail}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <Link to="/executive-council" className="button">
        View More Executive Board
      </Link>
    </section>
  );
}
