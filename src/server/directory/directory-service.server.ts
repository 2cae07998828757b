import type { Fellow, Member } from "#shared/schemas/directory.ts";
import { readEnv } from "../env.server.ts";
import { errorJson, json, PUBLIC_CACHE, STALE_CACHE } from "../http/responses.server.ts";
import { type Served, UpstreamUnavailableError, withLastGoodCopy } from "../last-good-copy.server.ts";
import { directorySource } from "./directory-source.server.ts";
import { SheetsError } from "./google-sheets.server.ts";
import { EmptySheetError } from "./sheet-rows.server.ts";

// A little longer than Sheets' own timeout, so its abort (and message) wins the race.
const timeoutMs = () => readEnv().GOOGLE_SHEETS_TIMEOUT_MS + 1000;

const recent = new Map<string, { until: number; served: Served<unknown> }>();

/** A fresh answer is kept in memory for DIRECTORY_CACHE_SECONDS; a stale one never is. */
async function remembered<T>(key: string, load: () => Promise<T>): Promise<Served<T>> {
  const hit = recent.get(key);
  if (hit && hit.until > Date.now()) return hit.served as Served<T>;
  const served = await withLastGoodCopy(key, load, { timeoutMs: timeoutMs() });
  const seconds = readEnv().DIRECTORY_CACHE_SECONDS;
  if (!served.stale && seconds > 0) recent.set(key, { until: Date.now() + seconds * 1000, served });
  return served;
}

/** Every member (with contact details: never send this list as it is), via the last good copy. */
export const servedMembers = (): Promise<Served<Member[]>> =>
  remembered("directory/members", () => directorySource().members());

export const servedFellows = (): Promise<Served<Fellow[]>> =>
  remembered("directory/fellows", () => directorySource().fellows());

/** An empty sheet is an answer too ('No data found...'), but only for a short while. */
const EMPTY_CACHE = {
  "Cache-Control": "public, max-age=0, must-revalidate",
  "Netlify-CDN-Cache-Control": "public, durable, max-age=30",
};

/** Public caching for the lists, tagged so a purge can refresh them after the sheet changes. */
export function listHeaders(stale: boolean, tag: string): Record<string, string> {
  return stale ? STALE_CACHE : { ...PUBLIC_CACHE, "Netlify-Cache-Tag": tag };
}

/**
 * The answer when the source failed and no copy exists: an empty sheet is an empty list (or what
 * `whenEmpty` says, for a lookup of one record); otherwise 503 with Sheets' own message when it
 * gave one (SPEC: shown in the red box).
 */
export function unavailable(
  error: unknown,
  fallbackMessage: string,
  whenEmpty: () => Response = () => json([], 200, EMPTY_CACHE),
): Response {
  if (!(error instanceof UpstreamUnavailableError)) throw error;
  const cause = error.cause;
  if (cause instanceof EmptySheetError) return whenEmpty();
  const message = cause instanceof SheetsError ? cause.message : fallbackMessage;
  return errorJson(503, message, { "Retry-After": "60" });
}
