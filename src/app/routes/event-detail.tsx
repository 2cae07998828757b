import { data, Link } from "react-router";
import { EventArticle, eventMeta } from "#features/events/event-article.tsx";
import { eventsSource } from "#server/events/events-source.server.ts";
import { routeMeta, siteOf } from "../page-meta.ts";
import type { Route } from "./+types/event-detail";

/** One event: prerendered for every event the build knew; an unknown slug says so, with 404. */
export async function loader({ params }: Route.LoaderArgs) {
  try {
    const event = (await eventsSource().all()).find((one) => one.slug === params.slug);
    return event ? { event, failed: false } : data({ event: null, failed: false }, { status: 404 });
  } catch (error) {
    console.error(`events: ${params.slug} could not be read`, error);
    return data({ event: null, failed: true }, { status: 503, headers: { "Retry-After": "60" } });
  }
}

/** The heading and title of a page with no event to show: its name says why. */
const missing = (failed: boolean) => (failed ? "Event unavailable" : "Event not found");

export const meta: Route.MetaFunction = (args) => {
  const site = siteOf(args.matches);
  const loaded = args.loaderData;
  const found = eventMeta(loaded?.event, site?.url ?? "", site?.name ?? "");
  return routeMeta(args, loaded && !loaded.event ? { ...found, title: missing(loaded.failed) } : found);
};

export default function EventDetail({ loaderData: { event, failed } }: Route.ComponentProps) {
  return (
    <div className="page">
      <p>
        <Link to="/events">Back to Events</Link>
      </p>
      {event ? (
        <EventArticle event={event} />
      ) : (
        <>
          <h1>{missing(failed)}</h1>
          <p role="alert" className="error-text">
            {failed ? "Failed to load the event." : "Event not found."}
          </p>
        </>
      )}
    </div>
  );
}
