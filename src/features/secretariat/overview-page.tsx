import { Link } from "react-router";
import { SECTIONS } from "#shared/secretariat-paths.ts";
import { WorkspacePage } from "./workspace-frame.tsx";

/** The workspace's first page: who is signed in, and where each kind of work is. */
export function OverviewPage({ email }: { email: string }) {
  return (
    <WorkspacePage title="Secretariat workspace">
      <p>Signed in as {email}. The session ends after 30 minutes without use.</p>
      <ul className="ws-sections">
        {SECTIONS.slice(1).map((section) => (
          <li key={section.path}>
            <Link to={section.path}>{section.label}</Link>
          </li>
        ))}
      </ul>
    </WorkspacePage>
  );
}
