import { EventList } from "#features/events/event-list.tsx";
import styles from "#features/events/events.module.css";
import { eventsSource } from "#server/events/events-source.server.ts";
import { eventSummary } from "#shared/event-listing.ts";
import { routeMeta } from "../page-meta.ts";
import type { Route } from "./+types/events";

export async function loader() {
  const events = await eventsSource().all();
  return { events: events.map(eventSummary), now: new Date().toISOString() };
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Events",
    description:
      "Meetings, congresses, award lectures and workshops of the Indian Society of Genetics and Plant Breeding, with calendar files.",
  });

export default function Events({ loaderData: { events, now } }: Route.ComponentProps) {
  return (
    <div className="page">
      <h1>EVENTS</h1>
      <p className={styles.feed}>
        Follow every event in your calendar app: <a href="/events.ics">subscribe to the events calendar</a>{" "}
        (an iCalendar feed; copy the link into Google Calendar, Outlook or Apple Calendar).
      </p>
      <EventList events={events} now={now} />
    </div>
  );
}
