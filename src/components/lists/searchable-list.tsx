import { memo, type ReactNode, useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { optionsFor } from "#components/forms/fields.tsx";
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

function openedItem<T>(items: T[], config: ListConfig<T>, opened: string | null): T | null {
  return opened ? (items.find((item, index) => config.key(item, index) === opened) ?? null) : null;
}

/** How a list shows before (and without) JavaScript. */
export type PlainList<T> = {
  /** Each card's details, in the card itself, for readers without JavaScript. */
  inPlace?: (item: T) => ReactNode;
  /** When `items` are one page of a longer list (the directory's prerendered pages). */
  page?: { page: number; total: number };
};

/**
 * The live list: search box, filter, count, cards, pages and the View More dialog. With `plain`,
 * the list as the prerendered page shows it: the items as given, no searching, and `note` over
 * the controls, which are there but hidden and inert.
 *
 * Both forms put the same elements in the same places, so nothing moves when `plain` is dropped
 * (at hydration, or when the directory's whole list arrives):
 * - the note and the controls share one cell, which keeps the tallest one's height, and the
 *   note stays there unseen once the controls show;
 * - the cards stay, keyed, and only their last element changes.
 *
 * Pages of the list are addresses of their own (`/directory/page/2`): the prerendered pages,
 * and the live list's pages of a search (the search stays in the query).
 */
export function SearchableList<T>({
  items,
  config,
  note,
  plain,
}: {
  items: T[];
  config: ListConfig<T>;
  /** What the controls' place says before JavaScript. */
  note?: ReactNode;
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
  const live = plain === undefined;
  const [selected, setSelected] = useState<T | null>(() => (live ? openedItem(items, config, opened) : null));
  // The item a link names opens once the list is live: the plain page may not hold it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: looked up when the list goes live, not on every change
  useEffect(() => {
    if (live && opened) setSelected(openedItem(items, config, opened));
  }, [live]);
  function close() {
    setSelected(null);
    clearOpened();
  }
  // Prepared on the first search, not when the list arrives: the directory's 2,100 members would
  // add their folding to the task that shows the list.
  const finder = useMemo(() => {
    let find: ((query: string, filter: string) => T[]) | undefined;
    return () => {
      find ??= config.search(items);
      return find;
    };
  }, [config, items]);
  const options = useMemo(() => config.filter.options(items), [config, items]);
  // The plain list does not search: the URL's query is not applied to it.
  const searching = live && (query.trim() !== "" || filter !== "");
  const matches = useMemo(
    () => (searching ? finder()(query, filter) : items),
    [finder, searching, items, query, filter],
  );
  const size = config.paging?.size ?? Math.max(1, matches.length);
  const pages = pageCount(plain?.page?.total ?? matches.length, size);
  const page = plain?.page?.page ?? clampPage(pageParam, pages);
  const total = plain?.page?.total ?? items.length;
  // The same array while nothing changes, so the memoised cards are not rendered again.
  const shown = useMemo(
    () => (plain?.page ? items : pageSlice(matches, page, size)),
    [plain?.page, items, matches, page, size],
  );
  // One string, so the prerendered line is one text node, as the browser's render makes it.
  const countLine =
    (matches.length === items.length
      ? `${count(total)} ${config.many}`
      : `${count(matches.length)} of ${count(total)} ${config.many} match`) +
    (pages > 1 ? `, page ${page} of ${pages}` : "");

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
              {optionsFor(options)}
            </select>
          </label>
        </search>
        {note && (
          <div className={styles.lead} aria-hidden={live || undefined}>
            {note}
          </div>
        )}
      </div>
      <p className={styles.count} aria-live="polite">
        {countLine}
      </p>
      {matches.length === 0 ? (
        <p>No {config.one} matches this search.</p>
      ) : (
        <ItemList
          items={shown}
          config={config}
          onView={live ? setSelected : undefined}
          inPlace={live ? undefined : plain?.inPlace}
        />
      )}
      {config.paging && <Pager page={page} pages={pages} href={pageHref} label={config.paging.label} />}
      {selected !== null && config.dialog(selected, close)}
    </>
  );
}

type ItemListProps<T> = {
  items: T[];
  config: ListConfig<T>;
  onView?: (item: T) => void;
  inPlace?: (item: T) => ReactNode;
};

/**
 * The cards. With `onView` each has a View More button; without it (before hydration) the card
 * shows `inPlace`, if given, for readers without JavaScript. Memoised, and so are the cards: a
 * keystroke that does not change the page's cards leaves them alone.
 */
export const ItemList = memo(function ItemList<T>({ items, config, onView, inPlace }: ItemListProps<T>) {
  return (
    <ul className={styles.list}>
      {items.map((item, index) => (
        <Card key={config.key(item, index)} item={item} config={config} onView={onView} inPlace={inPlace} />
      ))}
    </ul>
  );
}) as <T>(props: ItemListProps<T>) => ReactNode;

type CardProps<T> = {
  item: T;
  config: ListConfig<T>;
  onView?: (item: T) => void;
  inPlace?: (item: T) => ReactNode;
};

/**
 * The View More button's look and box. What a card shows in its place before hydration (the
 * fellows' details summary, or `ViewMorePlace`) takes the same box, so the card keeps its size
 * and nothing below it moves when the button arrives.
 */
export const VIEW_MORE_CLASS = `button button-outline ${styles.viewMore}`;

/** The button's place, kept empty and unseen, in a card that has nothing to show there without JavaScript. */
function ViewMorePlace() {
  return (
    <span className={`${VIEW_MORE_CLASS} ${styles.viewMorePlace}`} aria-hidden="true">
      View More
    </span>
  );
}

/** One card: its heading, its lines, and View More (or what stands in its place). */
const Card = memo(function Card<T>({ item, config, onView, inPlace }: CardProps<T>) {
  return (
    <li>
      <article className={styles.card}>
        <h3>{config.title(item)}</h3>
        {config.lines(item).map((line, n) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines are fixed columns, in order
          <p key={n}>{line}</p>
        ))}
        {onView ? (
          <button
            type="button"
            className={VIEW_MORE_CLASS}
            aria-label={`View More about ${config.title(item)}`}
            onClick={(event) => {
              // Safari does not focus a button it clicks; the dialog returns focus to it.
              event.currentTarget.focus();
              onView(item);
            }}
          >
            View More
          </button>
        ) : (
          (inPlace?.(item) ?? <ViewMorePlace />)
        )}
      </article>
    </li>
  );
}) as <T>(props: CardProps<T>) => ReactNode;

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
