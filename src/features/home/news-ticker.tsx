import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useHydrated } from "#components/layout/use-hydrated.ts";
import type { Headline } from "./headlines.ts";
import styles from "./home.module.css";
import { TICKER_INTERVAL_MS } from "./motion.ts";
import { useReducedMotion } from "./use-reduced-motion.ts";

/**
 * The news strip under the hero: the newest item as a link to its own news page (in the same tab;
 * the old site sent every headline without a url to the congress site in a new tab, which told
 * the reader nothing about the headline), then the next one every 4 s when there are several. `items` is null until
 * the news has arrived, and stays null when it could not be loaded: the strip keeps its
 * placeholder (SPEC section 7). Pausable; still under reduced motion; held still while the
 * pointer is over it or focus is in it, so the headline being pressed or read is not swapped for
 * the next one under the finger, and a focused link is not replaced (losing the focus).
 */
export function NewsTicker({ items }: { items: Headline[] | null }) {
  const hydrated = useHydrated();
  const reducedMotion = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [pointerOver, setPointerOver] = useState(false);
  const [focusIn, setFocusIn] = useState(false);
  const count = items?.length ?? 0;
  // Moving, as the reader chose (Pause, reduced motion); rotating, unless held for the moment.
  const moving = count > 1 && !paused && !reducedMotion;
  const rotating = moving && !pointerOver && !focusIn;

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setIndex((value) => (value + 1) % count), TICKER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [rotating, count]);

  const item = items?.[index % Math.max(count, 1)];
  return (
    <section
      className={styles.ticker}
      aria-label="Latest news"
      // A touch counts as the pointer over it too: it enters before the press and leaves after it.
      onPointerEnter={() => setPointerOver(true)}
      onPointerLeave={() => setPointerOver(false)}
      onFocus={() => setFocusIn(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusIn(false);
      }}
    >
      <div className={styles.tickerInner}>
        <span className={styles.tickerLabel}>Latest</span>
        <p className={styles.tickerItem} aria-live={moving ? "off" : "polite"}>
          {item ? (
            // Keyed by position, so each new item enters with the CSS transition.
            <Link key={index} to={`/news/${item.slug}`}>
              {item.title}
            </Link>
          ) : (
            <span role="status">Loading slides...</span>
          )}
        </p>
        {hydrated && count > 1 && !reducedMotion && (
          <button
            type="button"
            className={styles.tickerPause}
            aria-label={paused ? "Play news" : "Pause news"}
            onClick={() => setPaused((value) => !value)}
          >
            {paused ? "Play" : "Pause"}
          </button>
        )}
      </div>
    </section>
  );
}
