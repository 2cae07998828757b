import { useEffect, useState } from "react";

export type Loaded<T> = { value: T | null; failed: boolean };

/**
 * Data a home page section shows. `source` is the prerendered value (then `refresh` fetches a
 * fresher copy after hydration, kept only if it differs) or a pending fetch (after a client-side
 * navigation). A failed fetch is only logged: the section keeps what it had.
 */
export function useLoaded<T>(source: T | Promise<T>, refresh: () => Promise<T>, what: string): Loaded<T> {
  const pending = source instanceof Promise;
  const [state, setState] = useState<Loaded<T>>({ value: pending ? null : source, failed: false });

  useEffect(() => {
    let live = true;
    const fetching = source instanceof Promise ? source : refresh();
    fetching.then(
      (value) => {
        if (!live) return;
        setState((current) =>
          JSON.stringify(current.value) === JSON.stringify(value) ? current : { value, failed: false },
        );
      },
      (error: unknown) => {
        console.warn(`Could not load the ${what}:`, error);
        if (live) setState((current) => ({ ...current, failed: current.value === null }));
      },
    );
    return () => {
      live = false;
    };
  }, [source, refresh, what]);

  return state;
}
