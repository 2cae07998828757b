import { Link } from "react-router";
import type { OfficeBearer } from "#shared/schemas/office-bearers.ts";
import styles from "./office-bearers-view.module.css";

type Props = {
  /** Every term the society lists, newest first. */
  years: readonly string[];
  /** The term chosen (its page's address), or null before a choice. */
  year: string | null;
  /** The chosen term's office bearers, or null when none are on record. */
  bearers: readonly OfficeBearer[] | null;
  /** The results page of the election that chose the chosen term's Council, when it was elected online. */
  results?: string | null;
};

/** The year list and, for the chosen year, its office bearers. */
export function OfficeBearersView({ years, year, bearers, results = null }: Props) {
  return (
    <div className={styles.layout}>
      <nav aria-labelledby="select-year" className={styles.years}>
        <h2 id="select-year" className={styles.yearsHeading}>
          Select Year
        </h2>
        <ul>
          {years.map((label) => (
            <li key={label}>
              <Link
                to={`/office-bearers/${label}`}
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
        {year && results && (
          <p className={styles.results}>
            <Link to={results}>{`Results of the election of the Council for ${year}`}</Link>
          </p>
        )}
      </section>
    </div>
  );
}
