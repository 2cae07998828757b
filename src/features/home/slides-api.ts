import { getJson } from "#client/api-client.ts";
import { type Slide, slidesSchema } from "#shared/schemas/slides.ts";

/** The browser's slides client: the /api/slides function. */
export const fetchSlides = (): Promise<Slide[]> => getJson("/api/slides", slidesSchema);
