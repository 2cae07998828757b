/**
 * Hydration in turns: each part of the page wrapped in <HydrationTurn> is hydrated in a task of
 * its own, so no single long task holds the main thread while a reader's first tap waits.
 *
 * React does this by itself at Suspense boundaries. Preact, which runs the built site (decision
 * 0020), hydrates the whole page in one go, but keeps a part's server-rendered element on screen
 * when that part suspends during hydration, and hydrates it once the promise settles. So during
 * the first hydration each turn suspends on a promise settled one macrotask after the turn before
 * it. Its child must be exactly one element: Preact keeps one node of a suspended part in place.
 *
 * Only a prerendered page's hydration arms the turns (entry-client.tsx), and only the build
 * hydrates: development renders afresh, and component tests render with React, for which a turn
 * is a plain Suspense boundary (React splits there itself).
 */
import { type ReactElement, Suspense, useRef } from "react";
import { nextTask } from "#client/next-task.ts";

let firstHydration = false;
let lastTurn: Promise<void> = Promise.resolve();
const whenDone = new Set<() => void>();

/** Disarms the turns once the last one queued has hydrated (it may have queued turns inside it). */
function disarmWhenDone(): void {
  const seen = lastTurn;
  void seen.then(nextTask).then(() => {
    if (seen !== lastTurn) return disarmWhenDone();
    firstHydration = false;
    for (const listener of whenDone) listener();
  });
}

/**
 * Whether the page is still hydrating in turns, and a way to hear when it is done
 * (`useHydrationDone` in use-hydrated.ts).
 */
export const pageHydration = {
  inTurns: () => firstHydration,
  subscribe(listener: () => void): () => void {
    whenDone.add(listener);
    return () => whenDone.delete(listener);
  },
};

/** Runs `hydrate` (Preact's synchronous hydration of a prerendered page) with the turns armed. */
export function hydrateInTurns(hydrate: () => void): void {
  firstHydration = true;
  hydrate();
  disarmWhenDone();
}

/**
 * The parts that have waited, by their element. A ref alone is not enough: when a component
 * suspends in its first render, Preact's compat drops its hooks, so a ref set before the throw
 * is gone when the part resumes, and every part waited two turns. The element is the same object
 * when the part resumes (the boundary renders its own props again).
 */
const waited = new WeakSet<ReactElement>();

function Turn({ children }: { children: ReactElement }) {
  // Once a part has rendered, a render from above (with new elements) must not suspend it again:
  // outside hydration, a suspended part is taken off the page until it resumes.
  const rendered = useRef(false);
  if (firstHydration && !rendered.current && !waited.has(children)) {
    waited.add(children);
    lastTurn = lastTurn.then(nextTask);
    throw lastTurn;
  }
  rendered.current = true;
  return children;
}

export function HydrationTurn({ children }: { children: ReactElement }) {
  return (
    <Suspense>
      <Turn>{children}</Turn>
    </Suspense>
  );
}
