import { EVENT_KINDS, type EventKind } from "../event-kinds.ts";
import { z } from "../zod.ts";

export { EVENT_KINDS, type EventKind };
export const eventKindSchema = z.enum(Object.keys(EVENT_KINDS) as [EventKind, ...EventKind[]]);

/** Lowercase words joined by hyphens, at most 120 characters (as news slugs). */
export const EVENT_SLUG_PATTERN = /^(?=.{1,120}$)[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const eventSlugSchema = z
  .string()
  .regex(EVENT_SLUG_PATTERN, "must be lowercase words joined by hyphens");

/**
 * One event, as every source (content/events/, Contentful) delivers it once validated. Times are
 * kept twice: as written (wall-clock in `timeZone`, what people read and what the calendar file
 * says) and as UTC instants (for ordering and for "upcoming").
 */
export const eventSchema = z.strictObject({
  slug: eventSlugSchema,
  title: z.string().min(1),
  kind: eventKindSchema,
  allDay: z.boolean(),
  /** All-day: the first day (YYYY-MM-DD). Otherwise the local start, "YYYY-MM-DDTHH:mm". */
  start: z.string(),
  /** All-day: the last day, inclusive. Otherwise the local end, "YYYY-MM-DDTHH:mm". */
  end: z.string(),
  /** IANA time zone of start and end (the society's own is Asia/Kolkata). */
  timeZone: z.string(),
  startsAt: z.iso.datetime(),
  /** The instant the event is over: for an all-day event, midnight after its last day. */
  endsAt: z.iso.datetime(),
  venue: z.string().nullable(),
  onlineUrl: z.url().nullable(),
  description: z.string(),
  registrationUrl: z.url().nullable(),
  attachment: z.strictObject({ url: z.string().min(1), fileName: z.string().min(1) }).nullable(),
});
export type SocietyEvent = z.infer<typeof eventSchema>;

/** Reads events: the server's sources and the browser's client both have this shape. */
export interface EventsApi {
  /** Every event, soonest start first. */
  all(): Promise<SocietyEvent[]>;
}
