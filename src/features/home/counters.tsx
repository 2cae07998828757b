import { useEffect, useRef, useState } from "react";
import styles from "./home.module.css";
import { COUNTER_STEPS, COUNTER_TICK_MS } from "./motion.ts";
import { useReducedMotion } from "./use-reduced-motion.ts";

type Counter = { label: string; value: number };

/** The figure shown at `step` of the count: target/200 more every tick, exactly the target at the end. */
export const countAt = (target: number, step: number) => Math.round((target * step) / COUNTER_STEPS);

/**
 * The counter strip. The HTML (and a visitor who prefers reduced motion, or has no JavaScript)
 * shows the final figures. After hydration a strip that is off screen drops to 0, unseen, and
 * counts up once it scrolls into view, one step every 10 ms (SPEC section 9); one already on
 * screen keeps the figures the reader is looking at, since a drop to 0 there would be the page
 * flickering as its script arrives (issue 17). Screen readers get the final figure.
 */
export function Counters({ counters }: { counters: Counter[] }) {
  const reducedMotion = useReducedMotion();
  const [step, setStep] = useState(COUNTER_STEPS);
  const strip = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const target = strip.current;
    if (reducedMotion || !target || typeof IntersectionObserver === "undefined") {
      setStep(COUNTER_STEPS);
      return;
    }
    let timer: ReturnType<typeof setInterval> | undefined;
    let first = true;
    // An observer's first report is the strip's state when it starts observing.
    const observer = new IntersectionObserver((entries) => {
      const inView = entries.some((entry) => entry.isIntersecting);
      if (first) {
        first = false;
        if (inView) observer.disconnect();
        else setStep(0);
        return;
      }
      if (!inView) return;
      observer.disconnect();
      let current = 0;
      timer = setInterval(() => {
        current += 1;
        setStep(current);
        if (current >= COUNTER_STEPS) clearInterval(timer);
      }, COUNTER_TICK_MS);
    });
    observer.observe(target);
    return () => {
      observer.disconnect();
      clearInterval(timer);
    };
  }, [reducedMotion]);

  return (
    <section className={styles.counters} aria-labelledby="counters-title">
      <h2 id="counters-title" className="visually-hidden">
        The journal in numbers
      </h2>
      <ul ref={strip} className={styles.counterList}>
        {counters.map((counter) => (
          <li key={counter.label}>
            <strong className={styles.counterValue}>
              <span aria-hidden="true">{countAt(counter.value, step)}</span>
              <span className="visually-hidden">{counter.value}</span>
            </strong>
            <span>{counter.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
