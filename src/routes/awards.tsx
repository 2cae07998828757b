import type { RouteHandle } from "#app/route-handle.ts";
import awards from "#content/awards.yaml";
import { AwardsBrowser } from "#features/awards/awards-browser.tsx";

export const handle: RouteHandle = {
  meta: {
    title: "Awards",
    description:
      "Awards given by the Indian Society of Genetics and Plant Breeding: past recipients, guidelines and the nomination form.",
  },
};

export function Component() {
  return (
    <div className="page">
      <h1>Awards given by the society</h1>
      <p className="prose">{awards.intro}</p>
      <AwardsBrowser awards={awards.awards} />
    </div>
  );
}
