import { blobStore } from "./blob-store.server.ts";
import { withinTime } from "./time-limit.server.ts";

/** Thrown when the upstream failed and there is no earlier copy to serve instead; `cause` says why. */
export class UpstreamUnavailableError extends Error {
  override name = "UpstreamUnavailableError";
}

export type Served<T> = { data: T; stale: boolean };

type Options<T> = {
  /** Rejects an answer that must not replace the copy (an empty or malformed one). */
  accept?: (data: T) => boolean;
  /** How long the upstream may take before the copy is served instead. */
  timeoutMs?: number;
};

const store = () => blobStore("last-good-copy");

/**
 * Loads fresh data and keeps it in Blobs as the last good copy. When the upstream fails, times
 * out, or answers something `accept` rejects, the copy is served marked stale (and is never
 * overwritten by the bad answer); with no copy yet, UpstreamUnavailableError.
 */
export async function withLastGoodCopy<T>(
  key: string,
  load: () => Promise<T>,
  options: Options<T> = {},
): Promise<Served<T>> {
  const { accept = () => true, timeoutMs = 12_000 } = options;
  let data: T;
  try {
    data = await withinTime(load(), timeoutMs, `upstream of ${key}`);
    if (!accept(data)) throw new Error("upstream answer was empty or malformed");
  } catch (error) {
    console.error(`last-good-copy: ${key} failed upstream, serving the last good copy`, error);
    const copy = await readCopy<T>(key);
    if (copy === null)
      throw new UpstreamUnavailableError(`${key} is unavailable and there is no copy yet`, { cause: error });
    return { data: copy, stale: true };
  }
  await saveCopy(key, data);
  return { data, stale: false };
}

// Blobs trouble (even a synchronous throw from getStore) must never cost the visitor an answer.
async function saveCopy(key: string, data: unknown): Promise<void> {
  try {
    await store().setJSON(key, data);
  } catch (error) {
    console.error(`last-good-copy: could not save ${key}`, error);
  }
}

async function readCopy<T>(key: string): Promise<T | null> {
  try {
    return (await store().get(key, { type: "json" })) as T | null;
  } catch (error) {
    console.error(`last-good-copy: could not read ${key}`, error);
    return null;
  }
}
