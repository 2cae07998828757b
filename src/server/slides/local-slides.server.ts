import { readFile } from "node:fs/promises";
import path from "node:path";
import { type Slide, type SlidesApi, slidesSchema } from "#shared/schemas/slides.ts";

/** Parses content/slides.json, naming the file and the field of the first problem. */
export function parseSlidesFile(text: string): Slide[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`content/slides.json: not valid JSON: ${(error as Error).message}`);
  }
  const result = slidesSchema.safeParse(data);
  if (!result.success) {
    const problem = result.error.issues[0];
    throw new Error(`content/slides.json: ${problem?.path.join(".")}: ${problem?.message}`);
  }
  return result.data;
}

/** The slides listed in content/slides.json (images under public/images/slides/): the embedded default. */
export function localSlides(file = path.resolve("content/slides.json")): SlidesApi {
  return { all: async () => parseSlidesFile(await readFile(file, "utf8")) };
}
