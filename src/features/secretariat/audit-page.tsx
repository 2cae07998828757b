import { DataTable } from "./parts.tsx";
import { WorkspacePage } from "./workspace-frame.tsx";

export type AuditLine = { key: string; at: string; who: string; summary: string; record: string };

/** The newest lines of the audit log: who did what, when, to which record. */
export function AuditPage({ lines }: { lines: AuditLine[] }) {
  return (
    <WorkspacePage title="Audit log">
      <p>Every action taken in the workspace, newest first. Lines are never changed or deleted.</p>
      {lines.length > 0 ? (
        <DataTable caption="Audit log" head={["When", "Who", "What", "Record"]}>
          {lines.map((line) => (
            <tr key={line.key}>
              <td>{line.at}</td>
              <td>{line.who}</td>
              <td>{line.summary}</td>
              <td>{line.record}</td>
            </tr>
          ))}
        </DataTable>
      ) : (
        <p>No action yet.</p>
      )}
    </WorkspacePage>
  );
}
