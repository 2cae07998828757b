import { Link } from "react-router-dom";
import { AccountLink } from "#components/session/account-link.tsx";
import site from "#content/site.yaml";
import styles from "./site-header.module.css";
import { SiteSearchBox } from "./site-search-box.tsx";

export function SiteHeader() {
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
