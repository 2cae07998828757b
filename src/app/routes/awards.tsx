import { AwardsBrowser } from "#features/awards/awards-browser.tsx";
import { pageContent } from "#server/content/page-content.server.ts";
import { routeMeta } from "../page-meta.ts";
import type { Route } from "./+types/awards";

export async function loader() {
  return { awards: await pageContent("awards.yaml") };
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Awards",
    description:
      "Awards given by the Indian Society of Genetics and Plant Breeding: past recipients, guidelines and the nomination form.",
  });

export default function Awards({ loaderData: { awards } }: Route.ComponentProps) {
  return (
    <div className="page">
      <h1>Awards given by the society</h1>
      <p className="prose">{awards.intro}</p>
      <AwardsBrowser awards={awards.awards} />
    </div>
  );
}
