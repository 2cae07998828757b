import { Link } from "react-router";
import { SECTIONS } from "#shared/secretariat-paths.ts";
import { WorkspacePage } from "./workspace-frame.tsx";

/** One kind of work waiting for someone: how many, and the list (with its filter) that shows them. */
export type WorkCountView = { key: string; label: string; count: number; href: string };

/**
 * The workspace's first page: who is signed in, the work at a glance (applications awaiting payment
 * or a decision, renewals due, instalments overdue, members in arrears, held submissions, online
 * payments held for a refund or a credit, e-mails failed or waiting for a retry), each count a link to its filtered list, and where each kind of
 * work is.
 */
export function OverviewPage({ email, counts }: { email: string; counts: WorkCountView[] }) {
  return (
    <WorkspacePage title="Secretariat workspace">
      <p>Signed in as {email}. The session ends after 30 minutes without use.</p>
      <h2 id="work-title">Work waiting</h2>
      <ul className="ws-counts" aria-labelledby="work-title">
        {counts.map((item) => (
          <li key={item.key}>
            <Link to={item.href}>
              <strong>{item.count}</strong> <span>{item.label}</span>
            </Link>
          </li>
        ))}
      </ul>
      <h2>Sections</h2>
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
