import { Link } from "react-router";
import { useSite } from "#components/layout/use-site.ts";
import type { Slide } from "#shared/schemas/slides.ts";
import styles from "./home.module.css";
import { Slider } from "./slider.tsx";

/** The hero banner: the society's title, the MEMBERSHIP button and the picture slider. */
export function Hero({ slides }: { slides: Slide[] }) {
  const site = useSite();
  return (
    <section className={styles.hero} aria-labelledby="home-title">
      <div className={styles.heroInner}>
        <div className={styles.heroText}>
          <h1 id="home-title" className={styles.heroTitle}>
            {site.name}
          </h1>
          <p className={styles.heroTagline}>
            Advancing genetics and crop improvement in India since {site.founded.year}.
          </p>
          <Link to="/sign-up" className={`button ${styles.heroButton}`}>
            MEMBERSHIP
          </Link>
        </div>
        <Slider slides={slides} />
      </div>
    </section>
  );
}
