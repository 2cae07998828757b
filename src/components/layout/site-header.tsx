import { Link } from "react-router";
import { AccountLink } from "#components/session/account-link.tsx";
import styles from "./site-header.module.css";
import { SiteSearchBox } from "./site-search-box.tsx";
import { useSite } from "./use-site.ts";

export function SiteHeader() {
  const site = useSite();
  return (
    <header className={styles.header}>
      <Link to="/" className={styles.brand}>
        <img src="/images/logo.svg" alt="" width="56" height="56" className={styles.logo} />
        <span>
          <span className={styles.name}>{site.name}</span>
          <span className={styles.tagline}>
            Founded {site.founded.month} {site.founded.year} · New Delhi
          </span>
        </span>
      </Link>
      <SiteSearchBox />
      <AccountLink />
    </header>
  );
}
