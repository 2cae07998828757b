import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "yaml";
import type { EventsApi, SocietyEvent } from "#shared/schemas/events.ts";
import { byStart, checkUniqueSlugs, EventContentError, toSocietyEvent } from "./event-input.server.ts";

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/**
 * Parses one event file, content/events/<name>.md: YAML front matter (title, kind, start, end,
 * timeZone, venue, onlineUrl, registrationUrl, attachment, optional slug), then the description.
 * The slug defaults to the file's name.
 */
export function parseEventFile(fileName: string, text: string): SocietyEvent {
  const where = `content/events/${fileName}`;
  const match = FRONT_MATTER.exec(text);
  if (!match) throw new EventContentError(`${where}: no front matter (a block between --- lines)`);
  let meta: unknown;
  try {
    meta = parse(match[1] ?? "");
  } catch (error) {
    throw new EventContentError(`${where}: not valid YAML: ${(error as Error).message}`);
  }
  if (typeof meta !== "object" || meta === null || Array.isArray(meta)) {
    throw new EventContentError(`${where}: the front matter must be a set of fields`);
  }
  const fields = meta as Record<string, unknown>;
  const attachment =
    typeof fields.attachment === "string"
      ? { url: fields.attachment, fileName: path.posix.basename(fields.attachment) }
      : fields.attachment;
  return toSocietyEvent(
    {
      slug: path.basename(fileName, ".md"),
      ...fields,
      ...(attachment !== undefined && { attachment }),
      description: match[2],
    },
    where,
  );
}

/** Parses every event file and refuses colliding slugs: the build's check, and the local source. */
export function parseEventFiles(files: readonly { name: string; text: string }[]): SocietyEvent[] {
  const parsed = files.map(({ name, text }) => ({
    event: parseEventFile(name, text),
    where: `content/events/${name}`,
  }));
  checkUniqueSlugs(parsed);
  return parsed.map(({ event }) => event).sort(byStart);
}

/** Events from the Markdown files under content/events/: the embedded default. */
export function localEvents(directory = path.resolve("content/events")): EventsApi {
  return {
    async all() {
      const names = (await readdir(directory)).filter((file) => file.endsWith(".md")).sort();
      const files = await Promise.all(
        names.map(async (name) => ({ name, text: await readFile(path.join(directory, name), "utf8") })),
      );
      return parseEventFiles(files);
    },
  };
}
