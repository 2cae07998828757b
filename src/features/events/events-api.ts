import { isPrerenderContext } from "#shared/page-meta.ts";
import type { EventsApi, SocietyEvent } from "#shared/schemas/events.ts";

/** The browser's events client: the /api/events function. */
export const httpEventsApi: EventsApi = {
  async all() {
    const response = await fetch("/api/events", { headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(`/api/events answered ${response.status}`);
    const body: unknown = await response.json();
    if (!Array.isArray(body)) throw new Error("/api/events answered something other than a list");
    return body as SocietyEvent[];
  },
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
