import { data, Link } from "react-router";
import { EventArticle, eventMeta } from "#features/events/event-article.tsx";
import { eventsSource } from "#server/events/events-source.server.ts";
import { routeMeta, siteOf } from "../page-meta.ts";
import type { Route } from "./+types/event-detail";

export async function loader({ params }: Route.LoaderArgs) {
  const event = (await eventsSource().all()).find((one) => one.slug === params.slug);
  if (!event) throw data(null, { status: 404 });
  return { event };
}

export const meta: Route.MetaFunction = (args) => {
  const site = siteOf(args.matches);
  return routeMeta(args, eventMeta(args.loaderData?.event, site?.url ?? "", site?.name ?? ""));
};

export default function EventDetail({ loaderData: { event } }: Route.ComponentProps) {
  return (
    <div className="page">
      <p>
        <Link to="/events">Back to Events</Link>
      </p>
      <EventArticle event={event} />
    </div>
  );
}
