import { AuditPage } from "#features/secretariat/audit-page.tsx";
import { recentActions } from "#server/secretariat/audit.server.ts";
import { when } from "#server/secretariat/display.server.ts";
import { workspaceMeta } from "../page-meta.ts";
import type { Route } from "./+types/secretariat-audit";

/** The newest 200 lines of the audit log. */
export async function loader() {
  const lines = await recentActions(200);
  return {
    lines: lines.map((line, index) => ({
      key: `${index}-${line.at}`,
      at: when(line.at),
      who: line.who,
      summary: line.summary,
      record: line.record,
    })),
  };
}

export const meta: Route.MetaFunction = (args) => workspaceMeta(args, "Audit log");

export default function SecretariatAudit({ loaderData }: Route.ComponentProps) {
  return <AuditPage lines={loaderData.lines} />;
}
