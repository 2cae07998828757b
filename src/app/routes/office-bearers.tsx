import { data } from "react-router";
import { SocietyBanner } from "#components/layout/society-banner.tsx";
import { OfficeBearersView } from "#features/office-bearers/office-bearers-view.tsx";
import { pageContent } from "#server/content/page-content.server.ts";
import { routeMeta } from "../page-meta.ts";
import type { Route } from "./+types/office-bearers";

/**
 * The list of terms, and the chosen term's office bearers, with the results page of the election
 * that chose them where the office has set it (decision 0058): each term is a prerendered page of
 * its own, so the link is content, not a read of the elections' records.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const { years, terms, results } = await pageContent("office-bearers.yaml");
  const year = params.year ?? null;
  if (year !== null && !years.includes(year)) throw data(null, { status: 404 });
  return {
    years,
    year,
    bearers: year ? (terms[year] ?? null) : null,
    results: year ? (results?.[year] ?? null) : null,
  };
}

export const meta: Route.MetaFunction = (args) => {
  const year = args.loaderData?.year;
  return routeMeta(args, {
    title: year ? `Office Bearers ${year}` : "Office Bearers",
    description: year
      ? `President, Vice Presidents, Secretary, Editor, Treasurer and zonal Councillors of the society for ${year}.`
      : "Office bearers of the Indian Society of Genetics and Plant Breeding, term by term since 1960.",
  });
};

export default function OfficeBearers({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SocietyBanner />
      <div className="page">
        <OfficeBearersView {...loaderData} />
      </div>
    </>
  );
}
