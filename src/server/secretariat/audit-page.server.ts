import { recentActions } from "./audit.server.ts";
import { markup } from "./markup.server.ts";
import type { PageContent } from "./pages.server.ts";
import { table, when } from "./view-parts.server.ts";

/** The newest 200 lines of the audit log: who did what, when, to which record. */
export async function auditPage(): Promise<PageContent> {
  const lines = await recentActions(200);
  const rows = lines.map(
    (line) =>
      markup`<tr><td>${when(line.at)}</td><td>${line.who}</td><td>${line.summary}</td><td>${line.record}</td></tr>`,
  );
  return {
    title: "Audit log",
    body: markup`<p>Every action taken in the workspace, newest first. Lines are never changed or deleted.</p>
${lines.length > 0 ? table("Audit log", ["When", "Who", "What", "Record"], rows) : markup`<p>No action yet.</p>`}`,
  };
}
