import type { ReactNode } from "react";

/**
 * Marks a part of the page that stands in for something still on its way (data being fetched,
 * a session not yet known). A page the app renders afresh over what the server sent is drawn off
 * screen and shown only once nothing in it is pending (src/app/fresh-render.ts), so the reader goes
 * from the served page straight to the finished one, never through a "Loading..." line.
 */
export const PENDING_ATTRIBUTE = "data-pending";

/** Spread on an element that stands in for something still on its way. */
export const pendingMark = { [PENDING_ATTRIBUTE]: "" } as const;

/** The page's line while its data is on the way. */
export function Loading({ children = "Loading..." }: { children?: ReactNode }) {
  return (
    <p role="status" {...pendingMark}>
      {children}
    </p>
  );
}
