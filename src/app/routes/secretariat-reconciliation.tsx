import { data } from "react-router";
import { ReconciliationPage } from "#features/secretariat/reconciliation-page.tsx";
import { reconciliationView } from "#server/payments/reconciliation-view.server.ts";
import { workspaceMeta } from "../page-meta.ts";
import type { Route } from "./+types/secretariat-reconciliation";

/** The ledger beside Razorpay's settlements for a range of days (?from=&to=), decision 0055. */
export async function loader({ request }: Route.LoaderArgs) {
  const { status, view } = await reconciliationView(new URL(request.url).searchParams);
  return data({ ...view, refused: status === 400 }, { status });
}

export const meta: Route.MetaFunction = (args) => workspaceMeta(args, "Reconciliation with Razorpay");

export default function SecretariatReconciliation({ loaderData }: Route.ComponentProps) {
  return <ReconciliationPage {...loaderData} />;
}
