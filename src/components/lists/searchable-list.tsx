import { type ReactNode, useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { formatIndianNumber } from "#shared/format-number.ts";
import { clampPage, pageCount, pageSlice } from "#shared/paging.ts";
import styles from "./searchable-list.module.css";
import { useListQuery } from "./use-list-query.ts";

export { styles as listStyles };

/** What makes a list of people searchable: the directory and the fellows are each one of these. */
export type ListConfig<T> = {
  /** The noun, singular and plural: "member", "members". */
  one: string;
  many: string;
  /** The page's path, for the page links. */
  path: string;
  searchLabel: string;
  /** The one filter: its URL parameter, label, "all" option and the values it offers. */
  filter: { param: string; label: string; all: string; options: (items: readonly T[]) => string[] };
  /** Prepares the items once; the matcher it returns then runs on every keystroke. */
  search: (items: readonly T[]) => (query: string, filter: string) => T[];
  /** Shown a page at a time when set; otherwise all at once. */
  paging?: { size: number; label: string };
  key: (item: T, index: number) => string;
  /** The card: a heading, then a line each (the columns). */
  title: (item: T) => string;
  lines: (item: T) => string[];
  /** The View More dialog's content for one item. */
  dialog: (item: T, close: () => void) => ReactNode;
  /**
   * A URL parameter naming an item (by `key`) whose dialog opens with the page: a link can lead
   * straight to one item's details (the directory's sign-in returns to the member it came from).
   */
  openParam?: string;
};

export const count = (n: number) => formatIndianNumber(n);

/** What a list shows before (and without) JavaScript: a note on the controls, and each card's details in place. */
export type PlainList<T> = { note: ReactNode; inPlace: (item: T) => ReactNode };

/**
 * The live list: search box, filter, count, cards, pages and the View More dialog. With `plain`,
 * the list as the prerendered page shows it: every item, its details in place, and the note
 * over the controls, which are there but hidden and inert.
 *
 * Both forms put the same elements in the same places, so nothing moves when hydration drops
 * `plain`: the note and the controls share one cell, which keeps the taller one's height, and
 * the cards stay, only their last element changing. Building the list afresh would also cost
 * one long task. The cards carry a key because Preact, which runs the built site, matches
 * unkeyed children by position and type and would not find them past the count line.
 */
export function SearchableList<T>({
  items,
  config,
  plain,
}: {
  items: T[];
  config: ListConfig<T>;
  plain?: PlainList<T>;
}) {
  const {
    query,
    setQuery,
    filter,
    setFilter,
    page: pageParam,
    pageHref,
    opened,
    clearOpened,
  } = useListQuery(config.filter.param, config.path, config.openParam);
  const [selected, setSelected] = useState<T | null>(() =>
    opened ? (items.find((item, index) => config.key(item, index) === opened) ?? null) : null,
  );
  function close() {
    setSelected(null);
    clearOpened();
  }
  const live = plain === undefined;
  // The plain list does not search: nothing to prepare, and the URL's query is not applied.
  const find = useMemo(() => (live ? config.search(items) : null), [config, items, live]);
  const options = useMemo(() => config.filter.options(items), [config, items]);
  const matches = useMemo(() => (find ? find(query, filter) : items), [find, items, query, filter]);
  const size = config.paging?.size ?? Math.max(1, matches.length);
  const pages = pageCount(matches.length, size);
  const page = clampPage(pageParam, pages);

  return (
    <>
      <div className={styles.lead}>
        <search
          className={styles.controls}
          aria-hidden={plain ? true : undefined}
          inert={plain ? true : undefined}
        >
          <label>
            {config.searchLabel}
            <input
              type="search"
              value={live ? query : ""}
              onChange={(event) => setQuery(event.target.value)}
            />
          </label>
          <label>
            {config.filter.label}
            <select value={live ? filter : ""} onChange={(event) => setFilter(event.target.value)}>
              <option value="">{config.filter.all}</option>
              {options.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        </search>
        {plain?.note}
      </div>
      <p className={styles.count} aria-live="polite">
        {matches.length === items.length
          ? `${count(items.length)} ${config.many}`
          : `${count(matches.length)} of ${count(items.length)} ${config.many} match`}
        {pages > 1 && `, page ${page} of ${pages}`}
      </p>
      {matches.length === 0 ? (
        <p>No {config.one} matches this search.</p>
      ) : (
        <ItemList
          key="cards"
          items={pageSlice(matches, page, size)}
          config={config}
          onView={live ? setSelected : undefined}
          inPlace={plain?.inPlace}
        />
      )}
      {config.paging && <Pager page={page} pages={pages} href={pageHref} label={config.paging.label} />}
      {selected !== null && config.dialog(selected, close)}
    </>
  );
}

/**
 * The cards. With `onView` each has a View More button; without it (before hydration) the
 * card shows `inPlace`, if given, for readers without JavaScript.
 */
export function ItemList<T>({
  items,
  config,
  onView,
  inPlace,
}: {
  items: T[];
  config: ListConfig<T>;
  onView?: (item: T) => void;
  inPlace?: (item: T) => ReactNode;
}) {
  return (
    <ul className={styles.list}>
      {items.map((item, index) => (
        <li key={config.key(item, index)}>
          <article className={styles.card}>
            <h3>{config.title(item)}</h3>
            {config.lines(item).map((line, n) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines are fixed columns, in order
              <p key={n}>{line}</p>
            ))}
            {onView ? (
              <button
                type="button"
                className="button button-outline"
                aria-label={`View More about ${config.title(item)}`}
                onClick={() => onView(item)}
              >
                View More
              </button>
            ) : (
              inPlace?.(item)
            )}
          </article>
        </li>
      ))}
    </ul>
  );
}

export function Pager({
  page,
  pages,
  href,
  label,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  label: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className={styles.pager}>
      {page > 1 && <Link to={href(page - 1)}>Previous page</Link>}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages && <Link to={href(page + 1)}>Next page</Link>}
    </nav>
  );
}
