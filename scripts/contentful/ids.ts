/**
 * Stable Contentful ids for what the import writes, derived from the content's own keys (a slug,
 * a year, a file's path), never from its order or the clock: importing again finds the same
 * entries and assets, so it changes nothing that is already there.
 */
import { createHash } from "node:crypto";

/** Contentful allows ids of 1 to 64 letters, digits, dots, hyphens and underscores. */
const MAX_ID = 64;

const slug = (part: string) =>
  part
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** An id from its parts; one too long keeps its start and gets a short hash of the whole. */
export function entryId(...parts: (string | number)[]): string {
  const id = parts
    .map((part) => slug(String(part)))
    .filter(Boolean)
    .join("-");
  if (id.length <= MAX_ID) return id;
  const hash = createHash("sha256").update(id).digest("hex").slice(0, 10);
  return `${id.slice(0, MAX_ID - hash.length - 1).replace(/-$/, "")}-${hash}`;
}

/** A file's asset id from its site path: /downloads/award-guidelines.pdf → downloads-award-guidelines-pdf. */
export function assetId(sitePath: string): string {
  return entryId(sitePath);
}
