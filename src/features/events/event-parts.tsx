import { Link } from "react-router";
import { EVENT_KINDS } from "#shared/event-kinds.ts";
import { type EventSummaryData, formatWhen } from "#shared/event-listing.ts";
import styles from "./events.module.css";

/** One event in a list: kind, title (linking to its page), when and where. */
export function EventSummary({
  event,
  headingLevel = 3,
}: {
  event: EventSummaryData;
  headingLevel?: 2 | 3 | 4;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={styles.summary}>
      <p className={styles.kind}>{EVENT_KINDS[event.kind]}</p>
      <Heading className={styles.title}>
        <Link to={`/events/${event.slug}`}>{event.title}</Link>
      </Heading>
      <p className={styles.when}>
        <time dateTime={event.startsAt}>{formatWhen(event)}</time>
      </p>
      <p className={styles.where}>{event.venue ?? "Online"}</p>
    </article>
  );
}
