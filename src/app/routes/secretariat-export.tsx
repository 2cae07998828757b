import { data } from "react-router";
import { ExportPage } from "#features/secretariat/export-page.tsx";
import {
  defaultPeriod,
  MAX_PERIOD_YEARS,
  readPeriod,
  readSince,
} from "#server/secretariat/export-period.server.ts";
import { todayInIndia } from "#shared/format-date.ts";
import { workspaceMeta } from "../page-meta.ts";
import type { Route } from "./+types/secretariat-export";

/**
 * The export's forms start at this financial year so far: the members activated in a period, and
 * the changes members made to their own details since a day. A period or a day the download
 * refused is sent back here in the address (?from=&to=, or ?since=): shown as asked, each error
 * beside its field, answered 400, and `refused` says so to the page's title (page-meta.ts).
 */
export function loader({ request }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const start = defaultPeriod();
  const base = { maxYears: MAX_PERIOD_YEARS, period: start, errors: {}, since: start.from, sinceError: null };
  if (search.has("since")) {
    const answer = readSince(search, todayInIndia());
    if (answer.ok) return { ...base, since: answer.since };
    return data(
      { ...base, since: answer.values.since, sinceError: answer.errors.since ?? null, refused: true },
      { status: 400 },
    );
  }
  if (!search.has("from") && !search.has("to")) return base;
  const answer = readPeriod(search);
  if (answer.ok) return { ...base, period: answer.period };
  return data({ ...base, period: answer.values, errors: answer.errors, refused: true }, { status: 400 });
}

export const meta: Route.MetaFunction = (args) => workspaceMeta(args, "Export for the master sheet");

export default function SecretariatExport({ loaderData }: Route.ComponentProps) {
  return <ExportPage {...loaderData} />;
}
