import { useEffect, useState } from "react";
import { type AnswerSchema, getJson } from "./api-client.ts";

export type Fetched<T> = {
  /** The answer, once it has arrived; null before, or when the request failed. */
  value: T | null;
  /** Why it failed (an ApiError carries the service's own sentence); null otherwise. */
  error: Error | null;
};

/**
 * Data a page fetches from a JSON endpoint once it has hydrated, beside what its HTML already
 * shows: the directory's whole list for searching, the fellows' list as the sheet has it now
 * (both live in Google Sheets, which can change between builds).
 */
export function useJson<T>(url: string, schema: AnswerSchema<T>): Fetched<T> {
  const [fetched, setFetched] = useState<Fetched<T> & { url: string }>({ url, value: null, error: null });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a page's schema is fixed; the URL decides
  useEffect(() => {
    const controller = new AbortController();
    getJson(url, schema, { signal: controller.signal }).then(
      (value) => setFetched({ url, value, error: null }),
      (error: Error) => {
        if (!controller.signal.aborted) setFetched({ url, value: null, error });
      },
    );
    return () => controller.abort();
  }, [url]);
  // A fetch for another URL (the page before a client-side navigation) is not this page's data.
  return fetched.url === url ? fetched : { value: null, error: null };
}
