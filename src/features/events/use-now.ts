import { useEffect, useState } from "react";

const systemClock = () => new Date();

/**
 * "Now" for splitting events into upcoming and past: first the instant the HTML was made (so
 * hydration matches the prerendered page), then the visitor's clock, so a page built days ago
 * still moves a finished event to the past.
 */
export function useNow(rendered: string, clock: () => Date = systemClock): Date {
  const [now, setNow] = useState(() => new Date(rendered));
  useEffect(() => setNow(clock()), [clock]);
  return now;
}
