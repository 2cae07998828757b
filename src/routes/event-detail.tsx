import { type LoaderFunctionArgs, useLoaderData } from "react-router-dom";
import type { RouteHandle } from "#app/route-handle.ts";
import { DetailPage } from "#components/layout/detail-page.tsx";
import { usePageMeta } from "#components/layout/page-meta.tsx";
import site from "#content/site.yaml";
import { EventArticle, eventMeta } from "#features/events/event-article.tsx";
import { loadEvents } from "#features/events/events-api.ts";
import { isPrerenderContext } from "#shared/page-meta.ts";
import type { SocietyEvent } from "#shared/schemas/events.ts";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const event = loadEvents(context).then(
    ({ events }) => events.find((one) => one.slug === params.slug) ?? null,
  );
  event.catch(() => {});
  return { event: isPrerenderContext(context) ? await event : event };
}

export const handle: RouteHandle = {
  meta: ({ data }) => {
    const event = (data as { event?: unknown } | undefined)?.event;
    return eventMeta(
      event && !(event instanceof Promise) ? (event as SocietyEvent) : null,
      site.url,
      site.name,
    );
  },
  async prerender({ events }) {
    return (await events.all()).map((event) => `/events/${event.slug}`);
  },
};

function Found({ event }: { event: SocietyEvent }) {
  usePageMeta(eventMeta(event, site.url, site.name));
  return <EventArticle event={event} />;
}

export function Component() {
  const data = useLoaderData<typeof loader>();
  return (
    <DetailPage
      back={{ to: "/events", label: "Back to Events" }}
      item={data.event}
      failed="Failed to load the event."
      notFound="Event not found."
    >
      {(event) => <Found event={event} />}
    </DetailPage>
  );
}
