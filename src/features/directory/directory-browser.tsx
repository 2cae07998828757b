import { type ReactNode, useEffect, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useHydrated } from "#components/layout/use-hydrated.ts";
import { DIRECTORY_PAGE_SIZE, DIRECTORY_TEXTS } from "#shared/directory-constants.ts";
import { clampPage, pageCount, pageSlice } from "#shared/paging.ts";
import type { PublicMember } from "#shared/schemas/directory.ts";
import styles from "./directory.module.css";
import { MemberDialog } from "./member-dialog.tsx";
import { findMembers, searchable, statesOf } from "./member-search.ts";

/** One prerendered page of the directory: what the HTML shows before (and without) JavaScript. */
export type DirectorySnapshot = { members: PublicMember[]; page: number; total: number };

/** How long typing must pause before the query goes into the URL. */
const URL_DELAY_MS = 300;

type Props = {
  /** The prerendered page of members; null after a client-side navigation. */
  snapshot: DirectorySnapshot | null;
  /** The whole list, once fetched. */
  all: PublicMember[] | null;
  /** Why the whole list could not be had. */
  error: Error | null;
};

/**
 * The member directory. Prerendered, it is a plain page of members with page links; once
 * JavaScript runs and the whole list has arrived, it searches, filters and opens details.
 */
export function DirectoryBrowser({ snapshot, all, error }: Props) {
  const hydrated = useHydrated();
  const failed = error !== null;

  if (all && hydrated)
    return all.length === 0 ? <p>{DIRECTORY_TEXTS.directoryEmpty}</p> : <LiveDirectory members={all} />;
  // After a client-side navigation there is no prerendered page: the whole list is loading, or
  // the service's own sentence says why it is not coming.
  if (!snapshot)
    return error ? (
      <p role="alert" className="error-text">
        {error.message}
      </p>
    ) : (
      <p role="status">{DIRECTORY_TEXTS.loading}</p>
    );
  // The prerendered page stays if the whole list cannot be had, and says it may be out of date
  // (decision 6): the service's own message ("Internal error encountered.") would tell a visitor
  // nothing about what they see.
  if (snapshot.total === 0) return <p>{DIRECTORY_TEXTS.directoryEmpty}</p>;
  const pages = pageCount(snapshot.total, DIRECTORY_PAGE_SIZE);
  return (
    <>
      {/* Both notes share one box, the longer one's height, so the list below does not move
          when hydration swaps one for the other (Lighthouse counted a layout shift of 0.029). */}
      <div className={styles.lead}>
        <p className={styles.note} aria-hidden={hydrated || undefined}>
          Searching, the state filter and members' contact details (View More) need JavaScript. Without it,
          browse the members page by page in alphabetical order.
        </p>
        <p role="status" className={styles.note} aria-hidden={!hydrated || failed || undefined}>
          {hydrated && !failed ? "Loading the whole directory for searching..." : ""}
        </p>
      </div>
      {failed && (
        <p role="status" className={styles.note}>
          {DIRECTORY_TEXTS.directoryMayBeOutOfDate}
        </p>
      )}
      <p className={styles.count}>
        {snapshot.total.toLocaleString("en-IN")} members, page {snapshot.page} of {pages}
      </p>
      <MemberList members={snapshot.members} />
      <Pager
        page={snapshot.page}
        pages={pages}
        href={(page) => (page === 1 ? "/directory" : `/directory?page=${page}`)}
      />
    </>
  );
}

function LiveDirectory({ members }: { members: PublicMember[] }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [query, setQuery] = useState(() => searchParams.get("q") ?? "");
  const [selected, setSelected] = useState<PublicMember | null>(null);
  const index = useMemo(() => searchable(members), [members]);
  const states = useMemo(() => statesOf(members), [members]);
  const state = searchParams.get("state") ?? "";
  const matches = useMemo(() => findMembers(index, query, state), [index, query, state]);
  const pages = pageCount(matches.length, DIRECTORY_PAGE_SIZE);
  const page = clampPage(searchParams.get("page"), pages);

  useQueryInUrl(query, searchParams.get("q") ?? "", (value) => updateSearch("q", value));

  /** Keeps the search in the URL (shareable), replacing the history entry rather than adding one. */
  function updateSearch(name: "q" | "state", value: string) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        next.delete("page");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  const pageHref = (target: number) => {
    const next = new URLSearchParams(searchParams);
    if (target === 1) next.delete("page");
    else next.set("page", String(target));
    const search = next.toString();
    return search ? `/directory?${search}` : "/directory";
  };

  return (
    <>
      <search className={styles.controls}>
        <label>
          Search by name, institution, city or state
          <input type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
        </label>
        <label>
          State
          <select value={state} onChange={(event) => updateSearch("state", event.target.value)}>
            <option value="">All states</option>
            {states.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
      </search>
      <p className={styles.count} aria-live="polite">
        {matches.length === members.length
          ? `${members.length.toLocaleString("en-IN")} members`
          : `${matches.length.toLocaleString("en-IN")} of ${members.length.toLocaleString("en-IN")} members match`}
        {pages > 1 && `, page ${page} of ${pages}`}
      </p>
      {matches.length === 0 ? (
        <p>No member matches this search.</p>
      ) : (
        <MemberList members={pageSlice(matches, page, DIRECTORY_PAGE_SIZE)} onView={setSelected} />
      )}
      <Pager page={page} pages={pages} href={pageHref} />
      {selected && <MemberDialog member={selected} onClose={() => setSelected(null)} />}
    </>
  );
}

/**
 * Writes the typed query to the URL once typing pauses: the list follows every keystroke at
 * once, and the router's navigation is not repeated for each of them.
 */
function useQueryInUrl(query: string, inUrl: string, write: (value: string) => void) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `write` is new each render; query and URL decide
  useEffect(() => {
    const value = query.trim();
    if (value === inUrl) return;
    const timer = setTimeout(() => write(value), URL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, inUrl]);
}

function MemberList({
  members,
  onView,
}: {
  members: PublicMember[];
  onView?: (member: PublicMember) => void;
}) {
  return (
    <ul className={styles.list}>
      {members.map((member) => (
        <li key={member.id}>
          <article className={styles.member}>
            <h3>{member.name}</h3>
            <p>{member.position}</p>
            <p>{member.university}</p>
            {onView && (
              <button
                type="button"
                className="button button-outline"
                aria-label={`View More about ${member.name}`}
                onClick={() => onView(member)}
              >
                View More
              </button>
            )}
          </article>
        </li>
      ))}
    </ul>
  );
}

function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null;
  const link = (target: number, label: ReactNode) => <Link to={href(target)}>{label}</Link>;
  return (
    <nav aria-label="Directory pages" className={styles.pager}>
      {page > 1 && link(page - 1, "Previous page")}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages && link(page + 1, "Next page")}
    </nav>
  );
}
