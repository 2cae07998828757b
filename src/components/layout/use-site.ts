import { useRouteLoaderData } from "react-router";
import type { Site } from "#shared/schemas/site.ts";

/** The society's facts (name, founding, journal, publisher), which the root route loads for every page. */
export function useSite(): Site {
  const root = useRouteLoaderData("root") as { site: Site } | undefined;
  if (!root) throw new Error("useSite needs the root route's data");
  return root.site;
}
