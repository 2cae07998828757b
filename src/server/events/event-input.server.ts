import {
  DAY,
  isTimeZone,
  nextDay,
  SOCIETY_TIME_ZONE,
  WALL_TIME,
  wallTimeToInstant,
} from "#shared/event-time.ts";
import { eventKindSchema, eventSlugSchema, type SocietyEvent } from "#shared/schemas/events.ts";
import { z } from "#shared/zod.ts";

/** An event as its author writes it, in a file or a Contentful entry, before its times are resolved. */
export const eventInputSchema = z
  .strictObject({
    title: z.string().trim().min(1).max(300),
    slug: eventSlugSchema,
    kind: eventKindSchema.default("other"),
    start: z
      .string()
      .regex(
        new RegExp(`${WALL_TIME.source}|${DAY.source}`),
        "must be YYYY-MM-DDTHH:mm, or YYYY-MM-DD for an all-day event",
      ),
    end: z
      .string({ error: "is required: when the event ends (YYYY-MM-DDTHH:mm, or the last day YYYY-MM-DD)" })
      .regex(
        new RegExp(`${WALL_TIME.source}|${DAY.source}`),
        "must be YYYY-MM-DDTHH:mm, or YYYY-MM-DD for an all-day event",
      ),
    timeZone: z
      .string()
      .default(SOCIETY_TIME_ZONE)
      .refine(isTimeZone, "is not a known IANA time zone (e.g. Asia/Kolkata)"),
    venue: z.string().trim().min(1).max(300).optional(),
    onlineUrl: z.url({ protocol: /^https?$/ }).optional(),
    description: z.string().trim().min(1, "is required: the event's description"),
    registrationUrl: z.url({ protocol: /^https?$/ }).optional(),
    attachment: z.strictObject({ url: z.string().min(1), fileName: z.string().min(1) }).optional(),
  })
  .superRefine((event, context) => {
    // Zod runs this even when a field failed; the zone must be known before times can be read.
    if (!isTimeZone(event.timeZone)) return;
    const allDay = DAY.test(event.start);
    if (allDay !== DAY.test(event.end)) {
      context.addIssue({
        code: "custom",
        path: ["end"],
        message: "must have the same form as start: both days (all-day) or both date-times",
      });
      return;
    }
    if (!event.venue && !event.onlineUrl) {
      context.addIssue({
        code: "custom",
        path: ["venue"],
        message: "an event needs a venue or an onlineUrl",
      });
    }
    const start = wallTimeToInstant(event.start, event.timeZone);
    const end = wallTimeToInstant(event.end, event.timeZone);
    if (!start) context.addIssue({ code: "custom", path: ["start"], message: "is not a real date and time" });
    if (!end) context.addIssue({ code: "custom", path: ["end"], message: "is not a real date and time" });
    if (!start || !end) return;
    if (allDay ? end < start : end <= start) {
      context.addIssue({
        code: "custom",
        path: ["end"],
        message: `is before the start (${event.start}): an event must end after it begins`,
      });
    }
  });
export type EventInput = z.input<typeof eventInputSchema>;

export class EventContentError extends Error {
  override name = "EventContentError";
}

/**
 * Validates one event and resolves its instants. `where` names its origin in errors
 * ("content/events/gbm-2026.md", "Contentful entry 4xYz"), so a bad event fails the build with
 * the file and the field.
 */
export function toSocietyEvent(input: unknown, where: string): SocietyEvent {
  const result = eventInputSchema.safeParse(input);
  if (!result.success) {
    throw new EventContentError(
      result.error.issues
        .map((issue) => `${where}: ${issue.path.join(".") || "(whole event)"}: ${issue.message}`)
        .join("\n"),
    );
  }
  const event = result.data;
  const allDay = DAY.test(event.start);
  const startsAt = wallTimeToInstant(event.start, event.timeZone) as Date;
  const endsAt = wallTimeToInstant(allDay ? nextDay(event.end) : event.end, event.timeZone) as Date;
  return {
    slug: event.slug,
    title: event.title,
    kind: event.kind,
    allDay,
    start: event.start.slice(0, 16),
    end: event.end.slice(0, 16),
    timeZone: event.timeZone,
    startsAt: startsAt.toISOString(),
    endsAt: endsAt.toISOString(),
    venue: event.venue ?? null,
    onlineUrl: event.onlineUrl ?? null,
    description: event.description,
    registrationUrl: event.registrationUrl ?? null,
    attachment: event.attachment ?? null,
  };
}

/** Refuses two events with one slug (their pages and calendar UIDs would collide), naming both. */
export function checkUniqueSlugs(events: readonly { event: SocietyEvent; where: string }[]): void {
  const seen = new Map<string, string>();
  for (const { event, where } of events) {
    const other = seen.get(event.slug);
    if (other) throw new EventContentError(`${where}: slug: "${event.slug}" is already the slug of ${other}`);
    seen.set(event.slug, where);
  }
}

/** Soonest start first; the slug breaks ties so the order never depends on the source. */
export function byStart(a: SocietyEvent, b: SocietyEvent): number {
  return a.startsAt.localeCompare(b.startsAt) || a.slug.localeCompare(b.slug);
}
