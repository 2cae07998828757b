import { useSearchParams } from "react-router-dom";
import type { RouteHandle } from "#app/route-handle.ts";
import { SocietyBanner } from "#components/layout/society-banner.tsx";
import officeBearers from "#content/office-bearers.yaml";
import { OfficeBearersView } from "#features/office-bearers/office-bearers-view.tsx";

export const handle: RouteHandle = {
  meta: ({ search }) => {
    const year = search.get("year");
    return {
      title: year ? `Office Bearers ${year}` : "Office Bearers",
      description: year
        ? `President, Vice Presidents, Secretary, Editor, Treasurer and zonal Councillors of the society for ${year}.`
        : "Office bearers of the Indian Society of Genetics and Plant Breeding, term by term since 1960.",
    };
  },
  // Each year is also a prerendered page, so ?year= links work without JavaScript.
  prerender: () => officeBearers.years.map((year) => `/office-bearers?year=${year}`),
  view: ["year"],
};

export function Component() {
  const [searchParams] = useSearchParams();
  return (
    <>
      <SocietyBanner />
      <div className="page">
        <OfficeBearersView data={officeBearers} year={searchParams.get("year")} />
      </div>
    </>
  );
}
