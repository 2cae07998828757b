import { vi } from "vitest";

/** Makes matchMedia answer the reduced-motion query with `reduce`; every other query: false. */
export function preferReducedMotion(reduce = true) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: reduce && query.includes("prefers-reduced-motion: reduce"),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}
