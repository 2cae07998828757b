import { PersonCard } from "#components/ui/person-card.tsx";
import { pageContent } from "#server/content/page-content.server.ts";
import { routeMeta } from "../page-meta.ts";
import type { Route } from "./+types/editorial-board";

export async function loader() {
  return { board: await pageContent("editorial-board.yaml") };
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Editorial Board",
    description:
      "The Editorial Board of the Indian Journal of Genetics and Plant Breeding: the Editor, Associate Editors, members and secretariat.",
  });

export default function EditorialBoard({ loaderData: { board } }: Route.ComponentProps) {
  return (
    <div className="page">
      <h1>Editorial Board</h1>
      <h2>Editor</h2>
      <PersonCard role={board.editor.position} name={board.editor.name} detail={board.editor.institute} />
      <h2>Associate Editors</h2>
      <ul className="card-grid">
        {board.associateEditors.map((editor) => (
          <li key={editor.name}>
            <PersonCard role={editor.position} name={editor.name} detail={editor.institute} />
          </li>
        ))}
      </ul>
      <h2>Members</h2>
      <ul className="card-grid">
        {board.members.map((member) => (
          <li key={member.name}>
            <PersonCard name={member.name} detail={member.institute} />
          </li>
        ))}
      </ul>
      <h2>Secretariat</h2>
      <ul className="card-grid">
        {board.secretariat.map((staff) => (
          <li key={staff.name}>
            <PersonCard
              name={staff.name}
              detail={<a href={`tel:${staff.contact.replace(/[^\d+]/g, "")}`}>{staff.contact}</a>}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
