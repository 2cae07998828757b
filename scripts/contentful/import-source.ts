/** Today's content as the import reads it: the YAML, the news, the events and the slides of a checkout. */
import path from "node:path";
import { yamlContent } from "../../src/server/content/page-content.server.ts";
import { localEvents } from "../../src/server/events/local-events.server.ts";
import { localNews } from "../../src/server/news/local-news.server.ts";
import { localSlides } from "../../src/server/slides/local-slides.server.ts";
import type { ImportSource } from "./import-plan.ts";

export const REPOSITORY_ROOT = path.resolve(import.meta.dirname, "../..");

/** The YAML of the checkout at `root` (content/ is read relative to the working directory). */
async function yamlContentOf(root: string) {
  if (path.resolve(root) !== path.resolve(process.cwd()))
    throw new Error(`run the import from the repository's root (${root}), where content/ is`);
  return yamlContent();
}

export async function readImportSource(root = REPOSITORY_ROOT): Promise<ImportSource> {
  const [content, news, events, slides] = await Promise.all([
    yamlContentOf(root),
    localNews(path.join(root, "content/news")).all(),
    localEvents(path.join(root, "content/events")).all(),
    localSlides(path.join(root, "content/slides.json")).all(),
  ]);
  return { content, news, events, slides, root };
}
