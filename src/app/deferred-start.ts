/**
 * How the app starts without competing with the page's first paint (used by boot.ts).
 *
 * Every page reads completely before any script runs, so the app (React, the router and the
 * page's own chunk) is not requested until the page has loaded and painted: on a slow link its
 * bytes would otherwise share the connection with the HTML, the stylesheet and the hero image,
 * and delay the largest paint. See docs/decisions/0012-first-paint-and-script-budget.md.
 */

/**
 * Attributes of the page's boot script, written by the prerender (scripts/build/html-document.ts):
 * the app's entry chunk, and every chunk the page needs (the entry's imports, the route's
 * chunks), space-separated, so they all download at once instead of one after another.
 */
export const BOOT_ENTRY_ATTRIBUTE = "data-entry";
export const BOOT_MODULES_ATTRIBUTE = "data-modules";

const bootScript = (doc: Document) => doc.querySelector(`script[${BOOT_ENTRY_ATTRIBUTE}]`);

/** The URL of the app's entry chunk, as the prerender wrote it; null on the dev server. */
export function appEntry(doc: Document): string | null {
  return bootScript(doc)?.getAttribute(BOOT_ENTRY_ATTRIBUTE) || null;
}

/** How long the largest paint must have stayed the same before the app starts. */
export const SETTLED_MS = 100;

/**
 * Runs `start` once the page has loaded and its largest paint has settled. The load event can
 * come before the first paint, and an image that has just loaded is drawn in a later frame and
 * reported later still, so: after load, wait two animation frames (the second runs after the
 * first is drawn), then until no new largest-contentful-paint entry has come for SETTLED_MS.
 */
export function afterFirstPaint(start: () => void, win: Window & typeof globalThis = window): void {
  const doc = win.document;
  const settle = () => {
    let timer = win.setTimeout(go, SETTLED_MS);
    const observer = win.PerformanceObserver?.supportedEntryTypes?.includes("largest-contentful-paint")
      ? new win.PerformanceObserver(() => {
          win.clearTimeout(timer);
          timer = win.setTimeout(go, SETTLED_MS);
        })
      : null;
    observer?.observe({ type: "largest-contentful-paint", buffered: true });
    function go() {
      observer?.disconnect();
      start();
    }
  };
  const painted = () => {
    // A hidden tab paints no frames (requestAnimationFrame would wait until it is shown).
    if (doc.visibilityState === "hidden") start();
    else win.requestAnimationFrame(() => win.requestAnimationFrame(settle));
  };
  if (doc.readyState === "complete") painted();
  else win.addEventListener("load", painted, { once: true });
}

/**
 * How many chunks are preloaded per task. Each modulepreload costs about 1 ms in Lighthouse's
 * trace (its debugger records every request's initiator), and /fellowship's 11 were one 12 ms task.
 */
export const PRELOADS_PER_TASK = 4;

/**
 * Starts downloading the chunks the boot script lists (modulepreload, as Vite's own links do), a
 * few per task.
 */
export function preloadModules(
  doc: Document,
  later: (next: () => void) => void = (next) => setTimeout(next, 0),
): void {
  const hrefs = bootScript(doc)?.getAttribute(BOOT_MODULES_ATTRIBUTE)?.split(" ").filter(Boolean) ?? [];
  const add = (from: number) => {
    for (const href of hrefs.slice(from, from + PRELOADS_PER_TASK)) {
      const link = doc.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      link.crossOrigin = "";
      doc.head.append(link);
    }
    if (from + PRELOADS_PER_TASK < hrefs.length) later(() => add(from + PRELOADS_PER_TASK));
  };
  add(0);
}
