import { Link } from "react-router-dom";
import { Loading } from "#components/layout/pending.tsx";
import { nextEvents } from "#shared/event-listing.ts";
import type { SocietyEvent } from "#shared/schemas/events.ts";
import { EventSummary } from "./event-parts.tsx";
import styles from "./events.module.css";
import { useNow } from "./use-now.ts";

export const HOME_EVENTS_COUNT = 3;

type Props = { events: SocietyEvent[] | null; now: string; failed: boolean };

/** The home page's next three events that are not over yet, and the way to the rest. */
export function UpcomingEvents({ events, now: rendered, failed }: Props) {
  const now = useNow(rendered);
  const next = events ? nextEvents(events, now, HOME_EVENTS_COUNT) : null;
  return (
    <section className={styles.upcoming} aria-labelledby="upcoming-events-title">
      <h3 id="upcoming-events-title">Upcoming events</h3>
      {next ? (
        next.length > 0 ? (
          <ul className={styles.list}>
            {next.map((event) => (
              <li key={event.slug}>
                <EventSummary event={event} headingLevel={4} />
              </li>
            ))}
          </ul>
        ) : (
          <p>No events are planned yet.</p>
        )
      ) : failed ? (
        <p role="alert" className="error-text">
          Failed to load events.
        </p>
      ) : (
        <Loading />
      )}
      <p>
        <Link to="/events">All events</Link>
      </p>
    </section>
  );
}
