import type { MouseEvent } from "react";
import type { Award } from "#shared/schemas/awards.ts";
import styles from "./awards.module.css";

/** Moves to an award's card and focuses it, so keyboard and screen reader users land there too. */
function goToCard(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const card = document.getElementById(id);
  if (!card) return;
  event.preventDefault();
  const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  card.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
  card.focus({ preventScroll: true });
  // Keep the router's history state so scroll restoration still knows this entry.
  window.history.replaceState(window.history.state, "", `#${id}`);
}

export function AwardIndex({ awards }: { awards: readonly Award[] }) {
  return (
    <nav aria-labelledby="award-index" className={styles.index}>
      <h2 id="award-index" className={styles.indexHeading}>
        Our awards
      </h2>
      <ul>
        {awards.map((award) => (
          <li key={award.id}>
            <a href={`#${award.id}`} onClick={(event) => goToCard(event, award.id)}>
              {award.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
