import type { Entry, EntryFieldTypes, EntrySkeletonType } from "contentful";
import { instantToWallTime, isTimeZone, SOCIETY_TIME_ZONE } from "#shared/event-time.ts";
import type { EventsApi } from "#shared/schemas/events.ts";
import { allEntries, contentfulClient } from "../contentful.server.ts";
import type { ContentfulConfig } from "../env.server.ts";
import { absoluteAssetUrl } from "../news/contentful-news.server.ts";
import { byStart, checkUniqueSlugs, toSocietyEvent } from "./event-input.server.ts";

type EventSkeleton = EntrySkeletonType<{
  title: EntryFieldTypes.Symbol;
  slug: EntryFieldTypes.Symbol;
  kind: EntryFieldTypes.Symbol;
  start: EntryFieldTypes.Date;
  end: EntryFieldTypes.Date;
  timeZone: EntryFieldTypes.Symbol;
  venue: EntryFieldTypes.Symbol;
  onlineUrl: EntryFieldTypes.Symbol;
  description: EntryFieldTypes.Text;
  registrationUrl: EntryFieldTypes.Symbol;
  attachment: EntryFieldTypes.AssetLink;
}>;
type EventEntry = Entry<EventSkeleton, "WITHOUT_UNRESOLVABLE_LINKS">;

const OFFSET = /(Z|[+-]\d{2}:?\d{2})$/;

/**
 * Contentful's Date field holds a day, a local date-time, or a date-time with an offset (the
 * editor's "timezone" option). A day or a local time is taken as written in the event's zone;
 * an offset time is turned into the event zone's wall clock.
 */
export function contentfulWallTime(value: unknown, zone: string): unknown {
  if (typeof value !== "string" || !OFFSET.test(value) || !isTimeZone(zone)) return value;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? value : instantToWallTime(instant, zone);
}

/** Maps one CDA entry to an event, validated like a file: errors name the entry and the field. */
export function toEventFromEntry(entry: EventEntry) {
  const { fields } = entry;
  const zone = fields.timeZone ?? SOCIETY_TIME_ZONE;
  const file = fields.attachment?.fields.file;
  const raw: Record<string, unknown> = {
    title: fields.title,
    slug: fields.slug,
    kind: fields.kind,
    start: contentfulWallTime(fields.start, zone),
    end: contentfulWallTime(fields.end, zone),
    timeZone: fields.timeZone,
    venue: fields.venue,
    onlineUrl: fields.onlineUrl,
    description: fields.description,
    registrationUrl: fields.registrationUrl,
    attachment: file?.url
      ? { url: absoluteAssetUrl(file.url), fileName: file.fileName || "attachment" }
      : undefined,
  };
  for (const key of Object.keys(raw)) if (raw[key] === undefined) delete raw[key];
  return toSocietyEvent(raw, `Contentful entry ${entry.sys.id}`);
}

/** Events from Contentful: entries of the content type CONTENTFUL_EVENTS_CONTENT_TYPE names. */
export function contentfulEvents(config: ContentfulConfig): EventsApi {
  const client = contentfulClient(config);
  return {
    async all() {
      // A society holds tens of events a year; pages of 1000 (the CDA's most) keep this to one request.
      const entries = await allEntries(
        async (limit, skip) =>
          (await client.getEntries<EventSkeleton>({
            content_type: config.eventsContentType,
            include: 1,
            limit,
            skip,
          })) as { items: EventEntry[]; total: number },
        1000,
      );
      const events = entries.map((entry) => ({
        event: toEventFromEntry(entry),
        where: `Contentful entry ${entry.sys.id}`,
      }));
      checkUniqueSlugs(events);
      return events.map(({ event }) => event).sort(byStart);
    },
  };
}
