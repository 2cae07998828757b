import { ApplicationsPage } from "#features/secretariat/applications-page.tsx";
import {
  APPLICATION_STATUSES,
  amountText,
  DECISION_AFTER_DAYS,
  findApplications,
  readQuery,
} from "#server/secretariat/applications.server.ts";
import { when } from "#server/secretariat/display.server.ts";
import { workspaceMeta } from "../page-meta.ts";
import type { Route } from "./+types/secretariat-applications";

/**
 * The list as the address asks for it (?q=&status=&waiting=decision&page=), 50 a page, newest
 * first; `waiting=decision`: only applications that have waited for their payment for
 * DECISION_AFTER_DAYS or more (the overview's link).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const query = readQuery(new URL(request.url).searchParams);
  const found = await findApplications(query);
  return {
    query: { search: query.search, status: query.status, waiting: query.waiting ?? "" },
    decisionAfterDays: DECISION_AFTER_DAYS,
    statuses: Object.entries(APPLICATION_STATUSES),
    rows: found.rows.map((row) => ({
      key: row.key,
      received: when(row.submittedAt),
      name: row.name,
      email: row.email,
      type: row.type,
      status: row.statusLabel,
      amountDue: amountText(row),
      reference: row.reference,
    })),
    total: found.total,
    page: found.page,
    pages: found.pages,
  };
}

export const meta: Route.MetaFunction = (args) => workspaceMeta(args, "Applications");

export default function SecretariatApplications({ loaderData }: Route.ComponentProps) {
  return <ApplicationsPage {...loaderData} />;
}
