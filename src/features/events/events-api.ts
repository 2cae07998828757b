import type { AnswerSchema } from "#client/api-client.ts";
import { getJson } from "#client/api-client.ts";
import { isPrerenderContext } from "#shared/page-meta.ts";
import type { EventsApi, SocietyEvent } from "#shared/schemas/events.ts";

/**
 * The /api/events answer as the browser checks it: a list. The full event schema is zod's full
 * API, which the home page's script budget has no room for; the server validated every event.
 */
export const eventsAnswerSchema: AnswerSchema<SocietyEvent[]> = {
  safeParse: (body) =>
    Array.isArray(body) ? { success: true, data: body as SocietyEvent[] } : { success: false },
};

/** The browser's events client: the /api/events function. */
export const httpEventsApi: EventsApi = {
  all: () => getJson("/api/events", eventsAnswerSchema),
};

export type EventsData = {
  events: SocietyEvent[];
  /** The instant the list was split at: the build's clock in prerendered HTML, the browser's after. */
  now: string;
};

/** Loads every event: from the server's source while prerendering, else from /api/events. */
export async function loadEvents(context: unknown): Promise<EventsData> {
  if (isPrerenderContext(context))
    return { events: await context.events.all(), now: context.now().toISOString() };
  return { events: await httpEventsApi.all(), now: new Date().toISOString() };
}
