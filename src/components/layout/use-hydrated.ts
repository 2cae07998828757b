import { useSyncExternalStore } from "react";
import { pageHydration } from "./hydration-turn.tsx";

const subscribe = () => () => {};

/**
 * False while the server renders and while the client hydrates, true afterwards. Controls that
 * need JavaScript render their no-JavaScript form until then, so the HTML matches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

const hydrationDone = () => !pageHydration.inTurns();

/**
 * Like `useHydrated`, but true only once every hydration turn of the page is done
 * (hydration-turn.tsx). A part that re-renders what is still waiting for its turn makes Preact
 * hydrate it in that task: a list waiting for its turn must not change until it has had it.
 */
export function useHydrationDone(): boolean {
  return useSyncExternalStore(pageHydration.subscribe, hydrationDone, () => false);
}
