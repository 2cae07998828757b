import { useEffect, useState } from "react";

export type Loaded<T> = { value: T | null; failed: boolean };

/**
 * Data a home page section shows: the value the prerender already had, or (after a client-side
 * navigation) a pending fetch. A failed fetch is only logged; the section shows what it shows
 * while loading (SPEC section 7), and `failed` lets it say so where it has words for it.
 *
 * The prerendered value is not fetched again after hydration: a refetch kept the network busy
 * while Lighthouse watched and let the slider's first change fall inside its trace, and content
 * changes rebuild the site anyway (see docs/decisions/0007).
 */
export function useLoaded<T>(source: T | Promise<T>, what: string): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({
    value: source instanceof Promise ? null : source,
    failed: false,
  });

  useEffect(() => {
    if (!(source instanceof Promise)) {
      setState((current) => (current.value === source ? current : { value: source, failed: false }));
      return;
    }
    let live = true;
    setState((current) =>
      current.value === null && !current.failed ? current : { value: null, failed: false },
    );
    source.then(
      (value) => live && setState({ value, failed: false }),
      (error: unknown) => {
        console.warn(`Could not load the ${what}:`, error);
        if (live) setState({ value: null, failed: true });
      },
    );
    return () => {
      live = false;
    };
  }, [source, what]);

  return state;
}
