import { reconciliationCsvResponse } from "#server/payments/reconciliation-view.server.ts";
import type { Route } from "./+types/secretariat-reconciliation-csv";

/** The reconciliation of a range as a CSV file (?from=&to=), behind the workspace's session check. */
export function loader({ request }: Route.LoaderArgs) {
  return reconciliationCsvResponse(new URL(request.url).searchParams);
}
