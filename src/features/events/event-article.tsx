import { EVENT_KINDS } from "#shared/event-kinds.ts";
import { formatWhen } from "#shared/event-listing.ts";
import type { PageMeta } from "#shared/page-meta.ts";
import type { SocietyEvent } from "#shared/schemas/events.ts";
import styles from "./events.module.css";

/** One event's page: when, where, what, and the ways to register and to add it to a calendar. */
export function EventArticle({ event }: { event: SocietyEvent }) {
  return (
    <article className={styles.article}>
      <p className={styles.kind}>{EVENT_KINDS[event.kind]}</p>
      <h1>{event.title}</h1>
      <dl className={styles.facts}>
        <dt>When</dt>
        <dd>
          <time dateTime={event.startsAt}>{formatWhen(event)}</time>
        </dd>
        {event.venue && (
          <>
            <dt>Where</dt>
            <dd>{event.venue}</dd>
          </>
        )}
        {event.onlineUrl && (
          <>
            <dt>Online</dt>
            <dd>
              <a href={event.onlineUrl} rel="noopener">
                {event.onlineUrl}
              </a>
            </dd>
          </>
        )}
      </dl>
      <div className="prose">
        {event.description.split(/\n\s*\n/).map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      <p className="actions">
        {/* A plain link: the file comes from a function, not from the client-side router. */}
        <a className="button" href={`/events/${event.slug}.ics`} download={`${event.slug}.ics`}>
          Add to calendar
          <span className="visually-hidden"> (an .ics file for {event.title})</span>
        </a>
        {event.registrationUrl && (
          <a className="button" href={event.registrationUrl} target="_blank" rel="noopener">
            Register
            <span className="visually-hidden"> for {event.title} (opens in a new tab)</span>
          </a>
        )}
        {event.attachment && (
          <a href={event.attachment.url} download>
            Download Attachment<span className="visually-hidden"> {event.attachment.fileName}</span>
          </a>
        )}
      </p>
    </article>
  );
}

/** "2026-12-04T15:00:00+05:30": the wall-clock time with its zone's offset, as schema.org prefers. */
export function withOffset(wall: string, instant: string): string {
  const minutes = Math.round((Date.parse(`${wall}:00Z`) - Date.parse(instant)) / 60_000);
  const sign = minutes < 0 ? "-" : "+";
  const hours = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, "0");
  return `${wall}:00${sign}${hours}:${String(Math.abs(minutes) % 60).padStart(2, "0")}`;
}

/** Title, description and schema.org Event structured data of an event's page. */
export function eventMeta(
  event: SocietyEvent | null | undefined,
  siteUrl: string,
  siteName: string,
): PageMeta {
  if (!event) return { title: "Events", description: `Events of the ${siteName}.` };
  const description = event.description.replace(/\s+/g, " ").trim().slice(0, 160);
  const online = Boolean(event.onlineUrl);
  const physical = Boolean(event.venue);
  const place = physical ? { "@type": "Place", name: event.venue, address: event.venue } : null;
  const virtual = online ? { "@type": "VirtualLocation", url: event.onlineUrl } : null;
  return {
    title: event.title,
    description,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Event",
      name: event.title,
      description,
      // schema.org wants ISO 8601 with the offset; an all-day event is its dates.
      startDate: event.allDay ? event.start : withOffset(event.start, event.startsAt),
      endDate: event.allDay ? event.end : withOffset(event.end, event.endsAt),
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: `https://schema.org/${
        online && physical ? "Mixed" : online ? "Online" : "Offline"
      }EventAttendanceMode`,
      location: place && virtual ? [place, virtual] : (place ?? virtual),
      organizer: { "@type": "Organization", name: siteName, url: siteUrl },
      url: new URL(`/events/${event.slug}`, siteUrl).href,
      ...(event.registrationUrl && { offers: { "@type": "Offer", url: event.registrationUrl } }),
    },
  };
}
