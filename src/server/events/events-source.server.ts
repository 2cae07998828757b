import type { EventsApi } from "#shared/schemas/events.ts";
import { contentfulSourceConfig } from "../content/content-scope.server.ts";
import { contentfulEvents } from "./contentful-events.server.ts";
import { localEvents } from "./local-events.server.ts";

/** Contentful's event entries when it is configured, else the files under content/events/. */
export function eventsSource(): EventsApi {
  // In the secretariat's preview, the drafts too (src/server/content/preview.server.ts).
  const contentful = contentfulSourceConfig();
  return contentful ? contentfulEvents(contentful) : localEvents();
}
