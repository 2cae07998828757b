import { type EventSummaryData, listEvents } from "#shared/event-listing.ts";
import { EventSummary } from "./event-parts.tsx";
import styles from "./events.module.css";
import { useNow } from "./use-now.ts";

type Props = { events: EventSummaryData[]; now: string; clock?: () => Date };

/** Upcoming events first (soonest at the top), then past ones by year, newest first. */
export function EventList({ events, now: rendered, clock }: Props) {
  const now = useNow(rendered, clock);
  const { upcoming, past } = listEvents(events, now);
  return (
    <>
      <section aria-labelledby="upcoming-events" className={styles.group}>
        <h2 id="upcoming-events">Upcoming events</h2>
        {upcoming.length > 0 ? (
          <ul className={styles.list}>
            {upcoming.map((event) => (
              <li key={event.slug}>
                <EventSummary event={event} />
              </li>
            ))}
          </ul>
        ) : (
          <p>No events are planned yet. Subscribe to the calendar to hear of new ones.</p>
        )}
      </section>
      {past.length > 0 && (
        <section aria-labelledby="past-events" className={styles.group}>
          <h2 id="past-events">Past events</h2>
          {past.map(({ year, events: ofYear }) => (
            <section key={year} aria-labelledby={`past-${year}`}>
              <h3 id={`past-${year}`}>{year}</h3>
              <ul className={styles.list}>
                {ofYear.map((event) => (
                  <li key={event.slug}>
                    <EventSummary event={event} headingLevel={4} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </section>
      )}
    </>
  );
}
