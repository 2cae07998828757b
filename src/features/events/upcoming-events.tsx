import { Link } from "react-router";
import { type EventSummaryData, nextEvents } from "#shared/event-listing.ts";
import { EventSummary } from "./event-parts.tsx";
import styles from "./events.module.css";
import { useNow } from "./use-now.ts";

export const HOME_EVENTS_COUNT = 3;

type Props = { events: EventSummaryData[]; now: string };

/** The home page's next three events that are not over yet, and the way to the rest. */
export function UpcomingEvents({ events, now: rendered }: Props) {
  const now = useNow(rendered);
  const next = nextEvents(events, now, HOME_EVENTS_COUNT);
  return (
    <section className={styles.upcoming} aria-labelledby="upcoming-events-title">
      <h3 id="upcoming-events-title">Upcoming events</h3>
      {next.length > 0 ? (
        <ul className={styles.list}>
          {next.map((event) => (
            <li key={event.slug}>
              <EventSummary event={event} headingLevel={4} />
            </li>
          ))}
        </ul>
      ) : (
        <p>No events are planned yet.</p>
      )}
      <p>
        <Link to="/events">All events</Link>
      </p>
    </section>
  );
}
