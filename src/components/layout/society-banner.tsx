import { NavLink, useLocation } from "react-router";
import styles from "./society-banner.module.css";

const sectionPages = [
  { to: "/about-us", title: "About Society" },
  { to: "/rules", title: "Constitution and Rules" },
  { to: "/office-bearers", title: "Office Bearers" },
  { to: "/directory", title: "Directory" },
] as const;

/** The banner's title: the section page's, for its own pages too (/office-bearers/2020-2022). */
export function societyBannerTitle(pathname: string): string {
  const page = sectionPages.find(({ to }) => pathname === to || pathname.startsWith(`${to}/`));
  return page?.title ?? "The Society";
}

/** The banner over the society section's pages: its title, the page's h1, comes from the path. */
export function SocietyBanner() {
  const { pathname } = useLocation();
  return (
    <div className={styles.banner}>
      <div className={styles.inner}>
        <h1 className={styles.title}>{societyBannerTitle(pathname)}</h1>
        <nav aria-label="The Society">
          <ul className={styles.links}>
            {sectionPages.map((page) => (
              <li key={page.to}>
                <NavLink to={page.to}>{page.title}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
