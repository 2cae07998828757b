/**
 * Events: the calendar feed and each event's calendar file (the events pages link to both).
 *   GET /events.ics          → 200 text/calendar: every event (subscribe to this URL)
 *   GET /events/:slug.ics    → 200 text/calendar: one event ('Add to calendar'), 404 if unknown
 * A bad slug answers 404 without calling upstream. When upstream fails, the last good copy is
 * served (X-Data-Stale: true); with none, 503 + Retry-After. Events are read on every request
 * (the CDN caches the answers), so an event added or edited in Contentful reaches subscribers
 * without a rebuild; its UID is its slug, so an edit moves it rather than duplicating it.
 * Env: CONTENTFUL_SPACE_ID, CONTENTFUL_ACCESS_TOKEN (both, or the files in content/events/),
 *      CONTENTFUL_EVENTS_CONTENT_TYPE. Links and UIDs use content/site.yaml's url.
 */
import type { Config, Context } from "@netlify/functions";
import { pageContent } from "../../src/server/content/page-content.server.ts";
import { calendarFile } from "../../src/server/events/calendar.server.ts";
import { eventsSource } from "../../src/server/events/events-source.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import {
  errorJson,
  PUBLIC_CACHE,
  STALE_CACHE,
  textResponse,
} from "../../src/server/http/responses.server.ts";
import { UpstreamUnavailableError, withLastGoodCopy } from "../../src/server/last-good-copy.server.ts";
import { eventSlugSchema } from "../../src/shared/schemas/events.ts";

const EVENTS_CACHE = { ...PUBLIC_CACHE, "Netlify-Cache-Tag": "events" };

export default endpoint(
  {
    GET: async (_request: Request, context: Context) => {
      const slug = context.params.slug;
      if (slug !== undefined && !eventSlugSchema.safeParse(slug).success) return notFound();
      try {
        const { data: events, stale } = await withLastGoodCopy("events/all", () => eventsSource().all());
        const cache = stale ? STALE_CACHE : EVENTS_CACHE;
        // The society's facts name the calendar.
        const site = await pageContent("site.yaml");
        const chosen = slug === undefined ? events : events.filter((event) => event.slug === slug);
        if (chosen.length === 0) return notFound();
        const body = calendarFile(chosen, {
          // The canonical address, not the request's: UIDs must not change between deploys.
          siteUrl: site.url,
          siteName: site.name,
          name: slug === undefined ? `${site.shortName} events` : (chosen[0]?.title ?? site.name),
        });
        return textResponse(body, "text/calendar; charset=utf-8", {
          ...cache,
          "Content-Disposition": `${slug === undefined ? "inline" : "attachment"}; filename="${slug ?? "events"}.ics"`,
        });
      } catch (error) {
        if (error instanceof UpstreamUnavailableError) {
          return errorJson(503, "Events are unavailable right now. Please try again shortly.", {
            "Retry-After": "60",
          });
        }
        throw error;
      }
    },
  },
  { content: true },
);

const notFound = () =>
  textResponse("No such event.", "text/plain; charset=utf-8", { "Cache-Control": "no-store" }, 404);

export const config: Config = { path: ["/events.ics", "/events/:slug.ics"] };
