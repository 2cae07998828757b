import type { EventsApi } from "#shared/schemas/events.ts";
import { contentfulConfig } from "../env.server.ts";
import { contentfulEvents } from "./contentful-events.server.ts";
import { localEvents } from "./local-events.server.ts";

/** Contentful's event entries when it is configured, else the files under content/events/. */
export function eventsSource(): EventsApi {
  const contentful = contentfulConfig();
  return contentful ? contentfulEvents(contentful) : localEvents();
}
