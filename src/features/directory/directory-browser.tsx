import { useHydrated } from "#components/layout/use-hydrated.ts";
import {
  count,
  ItemList,
  type ListConfig,
  Pager,
  SearchableList,
  listStyles as styles,
} from "#components/lists/searchable-list.tsx";
import { DIRECTORY_PAGE_SIZE, DIRECTORY_TEXTS } from "#shared/directory-constants.ts";
import { pageCount } from "#shared/paging.ts";
import type { PublicMember } from "#shared/schemas/directory.ts";
import { MemberDialog } from "./member-dialog.tsx";
import { findMembers, searchable, statesOf } from "./member-search.ts";

/** One prerendered page of the directory: what the HTML shows before (and without) JavaScript. */
export type DirectorySnapshot = { members: PublicMember[]; page: number; total: number };

/** The directory as a searchable list: its columns, its filter and its View More dialog. */
const directoryList: ListConfig<PublicMember> = {
  one: "member",
  many: "members",
  path: "/directory",
  searchLabel: "Search by name, institution, city or state",
  filter: { param: "state", label: "State", all: "All states", options: statesOf },
  search(members) {
    const index = searchable(members);
    return (query, state) => findMembers(index, query, state);
  },
  paging: { size: DIRECTORY_PAGE_SIZE, label: "Directory pages" },
  key: (member) => member.id,
  title: (member) => member.name,
  lines: (member) => [member.position, member.university],
  dialog: (member, close) => <MemberDialog member={member} onClose={close} />,
  // Where signing in from a member's dialog comes back to (`/directory?member=<id>`).
  openParam: "member",
};

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
    return all.length === 0 ? (
      <p>{DIRECTORY_TEXTS.directoryEmpty}</p>
    ) : (
      <SearchableList items={all} config={directoryList} />
    );
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
        {count(snapshot.total)} members, page {snapshot.page} of {pages}
      </p>
      <ItemList items={snapshot.members} config={directoryList} />
      <Pager
        page={snapshot.page}
        pages={pages}
        href={(page) => (page === 1 ? "/directory" : `/directory?page=${page}`)}
        label="Directory pages"
      />
    </>
  );
}
