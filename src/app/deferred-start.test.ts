import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { afterFirstPaint, PRELOADS_PER_TASK, preloadModules, SETTLED_MS } from "./deferred-start.ts";

/** A window with just what afterFirstPaint uses; frames and LCP entries are driven by the test. */
function fakeWindow(readyState: "loading" | "complete", visibilityState = "visible") {
  const frames: (() => void)[] = [];
  const loadListeners: (() => void)[] = [];
  let lcpCallback: (() => void) | undefined;
  const win = {
    document: { readyState, visibilityState },
    addEventListener: (type: string, listener: () => void) => {
      if (type === "load") loadListeners.push(listener);
    },
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    clearTimeout: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
    PerformanceObserver: class {
      static supportedEntryTypes = ["largest-contentful-paint"];
      constructor(callback: () => void) {
        lcpCallback = callback;
      }
      observe() {}
      disconnect() {}
    },
  };
  return {
    win: win as unknown as Window & typeof globalThis,
    load: () => {
      for (const listener of loadListeners) listener();
    },
    frame: () => frames.shift()?.(),
    largestPaint: () => lcpCallback?.(),
  };
}

describe("afterFirstPaint", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("waits for load, two frames and a settled largest paint", () => {
    const start = vi.fn();
    const page = fakeWindow("loading");
    afterFirstPaint(start, page.win);
    vi.advanceTimersByTime(10_000);
    expect(start).not.toHaveBeenCalled();
    page.load();
    page.frame();
    vi.advanceTimersByTime(SETTLED_MS * 2);
    expect(start).not.toHaveBeenCalled();
    page.frame();
    vi.advanceTimersByTime(SETTLED_MS - 1);
    page.largestPaint(); // an image drawn late: wait again
    vi.advanceTimersByTime(SETTLED_MS - 1);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledOnce();
  });

  it("starts at once in a hidden tab, which paints no frames", () => {
    const start = vi.fn();
    const page = fakeWindow("complete", "hidden");
    afterFirstPaint(start, page.win);
    expect(start).toHaveBeenCalledOnce();
  });
});

describe("preloadModules", () => {
  it("adds a modulepreload link for every listed chunk, a few per task, in order", () => {
    const hrefs = Array.from({ length: PRELOADS_PER_TASK * 2 + 1 }, (_, n) => `/assets/chunk-${n}.js`);
    const head: { rel: string; href: string; crossOrigin: string | null }[] = [];
    const doc = {
      querySelector: () => ({
        getAttribute: (name: string) => (name === "data-modules" ? hrefs.join(" ") : null),
      }),
      createElement: () => ({ rel: "", href: "", crossOrigin: null }),
      head: { append: (link: (typeof head)[number]) => head.push(link) },
    } as unknown as Document;
    const tasks: (() => void)[] = [];
    preloadModules(doc, (next) => tasks.push(next));
    expect(head).toHaveLength(PRELOADS_PER_TASK);
    while (tasks.length > 0) tasks.shift()?.();
    expect(head.map((link) => link.href)).toEqual(hrefs);
    expect(head.every((link) => link.rel === "modulepreload" && link.crossOrigin === "")).toBe(true);
  });
});
