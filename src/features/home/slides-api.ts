import type { Slide } from "#shared/schemas/slides.ts";

/** The browser's slides client: the /api/slides function. */
export async function fetchSlides(): Promise<Slide[]> {
  const response = await fetch("/api/slides", { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`/api/slides answered ${response.status}`);
  return (await response.json()) as Slide[];
}
