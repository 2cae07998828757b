import { useEffect, useState } from "react";
import { useHydrated } from "#components/layout/use-hydrated.ts";
import { TICKER_FALLBACK_URL } from "#shared/news-constants.ts";
import type { Headline } from "./headlines.ts";
import styles from "./home.module.css";
import { TICKER_INTERVAL_MS } from "./motion.ts";
import { useReducedMotion } from "./use-reduced-motion.ts";

/**
 * The news strip under the hero: the newest item as a link opening in a new tab (its own url or
 * the congress page), then the next one every 4 s when there are several. `items` is null until
 * the news has arrived, and stays null when it could not be loaded: the strip keeps its
 * placeholder (SPEC section 7). Pausable; still under reduced motion.
 */
export function NewsTicker({ items }: { items: Headline[] | null }) {
  const hydrated = useHydrated();
  const reducedMotion = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = items?.length ?? 0;
  const rotating = count > 1 && !paused && !reducedMotion;

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setIndex((value) => (value + 1) % count), TICKER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [rotating, count]);

  const item = items?.[index % Math.max(count, 1)];
  return (
    <section className={styles.ticker} aria-label="Latest news">
      <div className={styles.tickerInner}>
        <span className={styles.tickerLabel}>Latest</span>
        <p className={styles.tickerItem} aria-live={rotating ? "off" : "polite"}>
          {item ? (
            // Keyed by position, so each new item enters with the CSS transition.
            <a key={index} href={item.url ?? TICKER_FALLBACK_URL} target="_blank" rel="noopener">
              {item.title}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
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
