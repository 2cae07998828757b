import { type ReactNode, useEffect, useState } from "react";
import { Link } from "react-router";
import { quickLinks } from "./menu";
import styles from "./site-footer.module.css";
import { useSite } from "./use-site.ts";

/** The shared footer; `subscribe` is the newsletter box, handed in by the app (a feature's form). */
export function SiteFooter({ subscribe }: { subscribe: ReactNode }) {
  const site = useSite();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className={styles.heading}>
            {site.shortName}
          </h2>
          <p>{site.description}</p>
        </section>
        <section id="subscribe" aria-label="Newsletter">
          {subscribe}
        </section>
        <nav id="quick-links" aria-labelledby="quick-links-heading">
          <h2 id="quick-links-heading" className={styles.heading}>
            Quick Links
          </h2>
          <div className={styles.columns}>
            {quickLinks.map((column) => (
              <ul key={column[0]?.to} className={styles.links}>
                {column.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to}>{link.name}</Link>
                  </li>
                ))}
              </ul>
            ))}
          </div>
        </nav>
      </div>
      <p className={styles.copyright}>
        Copyright © {site.copyrightSince} to <CurrentYear />{" "}
        <a href={site.publisher.url}>{site.publisher.name}</a>. All rights reserved.
      </p>
    </footer>
  );
}

/**
 * The build's year in the HTML (so hydration matches), then the visitor's clock: a page built
 * in December still reads right in January.
 */
function CurrentYear() {
  const [year, setYear] = useState(BUILD_YEAR);
  useEffect(() => setYear(new Date().getFullYear()), []);
  return <>{year}</>;
}
