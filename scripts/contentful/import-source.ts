/** Today's content as the import reads it: the YAML, the news, the events and the slides of a checkout. */
import path from "node:path";
import { yamlSiteContent } from "../../src/server/content/yaml-content.server.ts";
import { localEvents } from "../../src/server/events/local-events.server.ts";
import { localNews } from "../../src/server/news/local-news.server.ts";
import { localSlides } from "../../src/server/slides/local-slides.server.ts";
import type { ImportSource } from "./import-plan.ts";

export const REPOSITORY_ROOT = path.resolve(import.meta.dirname, "../..");

export async function readImportSource(root = REPOSITORY_ROOT): Promise<ImportSource> {
  const [content, news, events, slides] = await Promise.all([
    yamlSiteContent(path.join(root, "content")),
    localNews(path.join(root, "content/news")).all(),
    localEvents(path.join(root, "content/events")).all(),
    localSlides(path.join(root, "content/slides.json")).all(),
  ]);
  return { content, news, events, slides, root };
}
