import { data } from "react-router";
import { ExportPage } from "#features/secretariat/export-page.tsx";
import { workspaceMeta } from "#features/secretariat/workspace-meta.ts";
import { defaultPeriod, MAX_PERIOD_YEARS, readPeriod } from "#server/secretariat/export-period.server.ts";
import type { Route } from "./+types/secretariat-export";

/**
 * The export's form starts at this financial year so far. A period the download refused is sent
 * back here with its days in the address (?from=&to=): shown as asked, each error beside its
 * field, answered 400.
 */
export function loader({ request }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const base = { maxYears: MAX_PERIOD_YEARS };
  if (!search.has("from") && !search.has("to")) return { ...base, period: defaultPeriod(), errors: {} };
  const answer = readPeriod(search);
  if (answer.ok) return { ...base, period: answer.period, errors: {} };
  return data({ ...base, period: answer.values, errors: answer.errors }, { status: 400 });
}

export const meta: Route.MetaFunction = () => workspaceMeta("Export for the master sheet");

export default function SecretariatExport({ loaderData }: Route.ComponentProps) {
  return <ExportPage {...loaderData} />;
}
