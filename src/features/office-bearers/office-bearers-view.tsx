import { Link } from "react-router-dom";
import type { OfficeBearers } from "#shared/schemas/office-bearers.ts";
import styles from "./office-bearers-view.module.css";

type Props = { data: OfficeBearers; year: string | null };

/** The year list and, for the chosen year (from the URL), its office bearers. */
export function OfficeBearersView({ data, year }: Props) {
  const bearers = year ? data.terms[year] : undefined;
  return (
    <div className={styles.layout}>
      <nav aria-labelledby="select-year" className={styles.years}>
        <h2 id="select-year" className={styles.yearsHeading}>
          Select Year
        </h2>
        <ul>
          {data.years.map((label) => (
            <li key={label}>
              <Link
                to={{ search: `?year=${label}` }}
                preventScrollReset
                aria-current={label === year ? "true" : undefined}
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-live="polite" className={styles.panel} aria-label="Office bearers of the selected year">
        {!year && <p className={styles.message}>Please select a year to view the office bearers</p>}
        {year && !bearers && <p className={styles.message}>No data available for the selected year</p>}
        {year && bearers && (
          <>
            <h2>Office Bearers {year}</h2>
            <dl className={styles.list}>
              {bearers.map((bearer) => (
                <div key={bearer.title} className={styles.row}>
                  <dt>{bearer.title}</dt>
                  {bearer.name.split("\n").map((name) => (
                    <dd key={name}>{name}</dd>
                  ))}
                </div>
              ))}
            </dl>
          </>
        )}
      </section>
    </div>
  );
}
