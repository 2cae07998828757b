import { type MouseEvent, useCallback, useEffect, useRef, useState } from "react";
import { useHydrated } from "#components/layout/use-hydrated.ts";
import type { Slide } from "#shared/schemas/slides.ts";
import styles from "./home.module.css";
import { Lightbox } from "./lightbox.tsx";
import { SLIDE_INTERVAL_MS } from "./motion.ts";
import { useReducedMotion } from "./use-reduced-motion.ts";

/**
 * How wide the slider is drawn: the hero's right column on wide screens, else the page's width
 * less the hero's gutters (each at least 1rem, home.module.css). Saying 100vw there made a
 * 412-pixel phone fetch the next larger picture, 11 KB instead of 7.
 */
const SLIDE_SIZES = "(min-width: 64rem) 560px, calc(100vw - 2rem)";

/**
 * The hero's picture slider. Slides cross-fade every 4 s (SPEC section 9) unless paused, or the
 * visitor prefers reduced motion; each slide links to its larger picture, which opens in a
 * lightbox once JavaScript runs. The first picture is in the prerendered HTML at high priority;
 * the others are added after hydration, one ahead of the one shown.
 */
export function Slider({ slides }: { slides: Slide[] }) {
  const hydrated = useHydrated();
  const reducedMotion = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const links = useRef<(HTMLAnchorElement | null)[]>([]);
  const count = slides.length;
  const current = count ? index % count : 0;
  const autoplay = count > 1 && !paused && !reducedMotion && open === null;

  useEffect(() => {
    if (!autoplay) return;
    const timer = setInterval(() => setIndex((value) => (value + 1) % count), SLIDE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [autoplay, count]);

  // Closing returns focus to the slide that opened the lightbox.
  const close = useCallback(() => {
    if (open !== null) links.current[open]?.focus();
    setOpen(null);
  }, [open]);

  const openSlide = (event: MouseEvent, slideIndex: number) => {
    event.preventDefault();
    setOpen(slideIndex);
  };

  const step = (by: number) => setIndex((value) => (value + by + count) % count);
  const shown = (slideIndex: number) =>
    slideIndex === current || (hydrated && slideIndex === (current + 1) % count);
  const opened = open === null ? undefined : slides[open];

  return (
    <section
      className={styles.slider}
      aria-roledescription="carousel"
      aria-label="Pictures of the society's work"
    >
      <div className={styles.slides} aria-live={autoplay ? "off" : "polite"}>
        {slides.map((slide, slideIndex) => (
          <div
            key={slide.image}
            className={styles.slide}
            data-active={slideIndex === current}
            aria-hidden={slideIndex !== current}
          >
            {shown(slideIndex) && (
              <a
                ref={(element) => {
                  links.current[slideIndex] = element;
                }}
                href={slide.lightbox ?? slide.image}
                tabIndex={slideIndex === current ? undefined : -1}
                onClick={(event) => openSlide(event, slideIndex)}
              >
                <img
                  src={slide.image}
                  srcSet={slide.srcset ?? undefined}
                  sizes={slide.srcset ? SLIDE_SIZES : undefined}
                  width={slide.width}
                  height={slide.height}
                  alt={slide.alt}
                  // The first slide is the page's largest paint: fetch it first, never lazily. For an
                  // image at high priority, React writes a preload at the top of the head.
                  fetchPriority={slideIndex === 0 ? "high" : undefined}
                  loading={slideIndex === 0 ? "eager" : "lazy"}
                  decoding={slideIndex === 0 ? "sync" : "async"}
                />
                <span className="visually-hidden"> (enlarge)</span>
              </a>
            )}
          </div>
        ))}
      </div>
      {hydrated && count > 1 && (
        <div className={styles.sliderControls}>
          <button type="button" onClick={() => step(-1)}>
            <span aria-hidden="true">‹</span>
            <span className="visually-hidden">Previous picture</span>
          </button>
          {!reducedMotion && (
            <button
              type="button"
              aria-label={paused ? "Play slideshow" : "Pause slideshow"}
              onClick={() => setPaused((value) => !value)}
            >
              {paused ? "Play" : "Pause"}
            </button>
          )}
          <button type="button" onClick={() => step(1)}>
            <span aria-hidden="true">›</span>
            <span className="visually-hidden">Next picture</span>
          </button>
        </div>
      )}
      {opened && <Lightbox image={opened.lightbox ?? opened.image} alt={opened.alt} onClose={close} />}
    </section>
  );
}
