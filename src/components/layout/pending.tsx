import type { ReactNode } from "react";

/** The line shown while something is on its way (a list being fetched, a session not yet known). */
export function Loading({ children = "Loading..." }: { children?: ReactNode }) {
  return <p role="status">{children}</p>;
}
