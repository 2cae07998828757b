import { useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { useHydrated } from "#components/layout/use-hydrated.ts";
import { Dialog } from "#components/ui/dialog.tsx";
import { DIRECTORY_TEXTS } from "#shared/directory-constants.ts";
import type { Fellow } from "#shared/schemas/directory.ts";
import { findFellows, searchableFellows, yearsOf } from "./fellow-search.ts";
import styles from "./fellows.module.css";

/** `outOfDate`: the prerendered list is shown because a fresh one could not be had. */
type Props = { fellows: Fellow[]; outOfDate?: boolean };

/**
 * The fellows' Members Directory. Prerendered, it is the plain list; once JavaScript runs it
 * searches, filters by year and opens each fellow's details.
 */
export function FellowsBrowser({ fellows, outOfDate = false }: Props) {
  const hydrated = useHydrated();

  if (fellows.length === 0) {
    return (
      <p role="alert" className="error-text">
        {DIRECTORY_TEXTS.fellowsEmpty}
      </p>
    );
  }
  if (!hydrated) {
    return (
      <>
        <p className={styles.note}>Searching and the year filter need JavaScript.</p>
        <FellowList fellows={fellows} />
      </>
    );
  }
  return (
    <>
      {outOfDate && (
        <p role="status" className={styles.note}>
          {DIRECTORY_TEXTS.fellowsMayBeOutOfDate}
        </p>
      )}
      <LiveFellows fellows={fellows} />
    </>
  );
}

function LiveFellows({ fellows }: { fellows: Fellow[] }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [query, setQuery] = useState(() => searchParams.get("q") ?? "");
  const [selected, setSelected] = useState<Fellow | null>(null);
  const index = useMemo(() => searchableFellows(fellows), [fellows]);
  const years = useMemo(() => yearsOf(fellows), [fellows]);
  // Not "year": that search param picks a prerendered view (VIEW_PARAMS), and this is a filter.
  const year = searchParams.get("elected") ?? "";
  const matches = useMemo(() => findFellows(index, query, year), [index, query, year]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: updateSearch is new each render; query and URL decide
  useEffect(() => {
    const value = query.trim();
    if (value === (searchParams.get("q") ?? "")) return;
    // Once typing pauses: the router's navigation is not repeated for every keystroke.
    const timer = setTimeout(() => updateSearch("q", value), 300);
    return () => clearTimeout(timer);
  }, [query, searchParams]);

  function updateSearch(name: "q" | "elected", value: string) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  return (
    <>
      <search className={styles.controls}>
        <label>
          Search by name or institution
          <input type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
        </label>
        <label>
          Fellow of the year
          <select value={year} onChange={(event) => updateSearch("elected", event.target.value)}>
            <option value="">All years</option>
            {years.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
      </search>
      <p className={styles.count} aria-live="polite">
        {matches.length === fellows.length
          ? `${fellows.length} fellows`
          : `${matches.length} of ${fellows.length} fellows match`}
      </p>
      {matches.length === 0 ? (
        <p>No fellow matches this search.</p>
      ) : (
        <FellowList fellows={matches} onView={setSelected} />
      )}
      {selected && (
        <Dialog title={selected.name} onClose={() => setSelected(null)}>
          <FellowDetails fellow={selected} />
        </Dialog>
      )}
    </>
  );
}

function FellowList({ fellows, onView }: { fellows: Fellow[]; onView?: (fellow: Fellow) => void }) {
  return (
    <ul className={styles.list}>
      {fellows.map((fellow, index) => (
        // Serial and fellow numbers may repeat or be blank in a sheet; the position is unique.
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no guaranteed unique field
        <li key={`${index}-${fellow.fellowNumber}`}>
          <article className={styles.fellow}>
            <h3>{fellow.name}</h3>
            <p>{fellow.position}</p>
            <p>{fellow.university}</p>
            {onView ? (
              <button
                type="button"
                className="button button-outline"
                aria-label={`View More about ${fellow.name}`}
                onClick={() => onView(fellow)}
              >
                View More
              </button>
            ) : (
              // Without JavaScript the dialog cannot open: the details are in the page instead.
              <details className={styles.details}>
                <summary>
                  View More<span className="visually-hidden"> about {fellow.name}</span>
                </summary>
                <FellowDetails fellow={fellow} />
              </details>
            )}
          </article>
        </li>
      ))}
    </ul>
  );
}

/** A fellow's numbers, year and address: in the dialog, or in the card before hydration. */
function FellowDetails({ fellow }: { fellow: Fellow }) {
  return (
    <dl>
      <dt>Serial number</dt>
      <dd>{fellow.serialNumber || "—"}</dd>
      <dt>Fellow number</dt>
      <dd>{fellow.fellowNumber || "—"}</dd>
      <dt>Fellow of the year</dt>
      <dd>{fellow.fellowOfTheYear || "—"}</dd>
      <dt>Address</dt>
      <dd>{fellow.address || "—"}</dd>
    </dl>
  );
}
