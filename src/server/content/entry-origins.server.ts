/**
 * Which Contentful entry, and which of its fields, each part of the mapped content came from, so
 * a schema problem found in a mapped content file is reported against the entry an editor must
 * fix: "Contentful award entry award-x ("Women Scientist Award"): frequency: ...".
 *
 * The mapping marks each object it builds from an entry (`markOrigin`); a problem's path is then
 * walked through the mapped object, and the deepest marked object on it names the entry. Objects
 * are marked in a WeakMap, so the content itself carries nothing extra.
 */
import { type Issue, resolveUnions, valueAt } from "./content-issues.server.ts";

export type EntryRef = { contentType: string; id: string; title?: string };

/**
 * Where a problem lies: the entry, the field, and where inside the field (a Rich Text node, a list
 * index); or, for what no one entry holds (the fee entries together), `where` in words.
 */
export type Located =
  | { entry: EntryRef; field: string; detail: PropertyKey[]; note?: string }
  | { where: string; detail: PropertyKey[]; note?: undefined };

/** Given the rest of a problem's path below a marked object, the entry and field it is in (or undefined). */
export type Origin = (rest: readonly PropertyKey[]) => Located | undefined;

const origins = new WeakMap<object, Origin>();

/** Marks `value` as built from `origin`, and gives it back. */
export function markOrigin<T extends object>(value: T, origin: Origin): T {
  origins.set(value, origin);
  return value;
}

/**
 * The usual origin: an object whose keys are the entry's fields, renamed by `fields` where the
 * names differ (output key → Contentful field id). `notes`, by field id, explain a field's value,
 * e.g. a link to an entry that is not published.
 */
export function entryOrigin(
  entry: EntryRef,
  fields: Record<string, string> = {},
  notes: Record<string, string> = {},
): Origin {
  return (rest) => {
    const key = rest[0] === undefined ? undefined : String(rest[0]);
    const field = key === undefined ? "(the entry)" : (fields[key] ?? key);
    return { entry, field, detail: rest.slice(1), ...(notes[field] ? { note: notes[field] } : {}) };
  };
}

export function describeEntry(entry: EntryRef): string {
  return `Contentful ${entry.contentType} entry ${entry.id}${entry.title ? ` ("${entry.title}")` : ""}`;
}

/** The deepest marked object on `path` that can place it. */
function locate(root: unknown, path: readonly PropertyKey[]): Located | undefined {
  const marked: { origin: Origin; depth: number }[] = [];
  let node = root;
  for (let depth = 0; ; depth++) {
    if (node !== null && typeof node === "object") {
      const origin = origins.get(node);
      if (origin) marked.push({ origin, depth });
    }
    const key = path[depth];
    if (key === undefined || node === null || typeof node !== "object") break;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  for (const { origin, depth } of marked.reverse()) {
    const located = origin(path.slice(depth));
    if (located) return located;
  }
  return undefined;
}

/** One line per problem, naming the entry, the field and what is wrong. */
export function describeEntryIssues(root: unknown, issues: readonly Issue[]): string[] {
  const lines: string[] = [];
  for (const issue of issues.flatMap((found) => resolveUnions(root, found))) {
    // An unknown key is a problem of the key itself: report each as a field of its own.
    const paths =
      issue.code === "unrecognized_keys" ? issue.keys.map((key) => [...issue.path, key]) : [issue.path];
    for (const path of paths) {
      const empty = valueAt(root, path) === undefined;
      const message =
        issue.code === "unrecognized_keys"
          ? "is filled in, but this place on the site does not show it: leave it empty"
          : empty && issue.code !== "custom"
            ? "is empty, and it is required"
            : issue.message;
      const located = locate(root, path);
      if (!located) {
        lines.push(`Contentful content: ${path.map(String).join(".") || "(all)"}: ${message}`);
        continue;
      }
      const inside = located.detail.length > 0 ? ` (at ${located.detail.map(String).join(".")})` : "";
      // A note explains the field as a whole (a link that leads nowhere), not a problem inside it.
      const note = located.note && located.detail.length === 0 ? ` (${located.note})` : "";
      const where = "where" in located ? located.where : `${describeEntry(located.entry)}: ${located.field}`;
      lines.push(`${where}${inside}: ${message}${note}`);
    }
  }
  return lines;
}
