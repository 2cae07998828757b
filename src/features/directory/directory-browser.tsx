import { useHydrated } from "#components/layout/use-hydrated.ts";
import {
  type ListConfig,
  type PlainList,
  SearchableList,
  listStyles as styles,
  VIEW_MORE_CLASS,
} from "#components/lists/searchable-list.tsx";
import { DIRECTORY_PAGE_SIZE, DIRECTORY_TEXTS } from "#shared/directory-constants.ts";
import { memberPagePath } from "#shared/member-privacy.ts";
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

/** Without JavaScript, View More is a link to the member's own page, which the server draws for the reader. */
const plainList: PlainList<PublicMember> = {
  inPlace: (member) => (
    <a className={VIEW_MORE_CLASS} href={memberPagePath(member.id)}>
      View More<span className="visually-hidden">{` about ${member.name}`}</span>
    </a>
  ),
};

type Props = {
  /** The prerendered page of members. */
  snapshot: DirectorySnapshot;
  /** The whole list, once fetched. */
  all: PublicMember[] | null;
  /** Why the whole list could not be had. */
  error: Error | null;
};

/**
 * The member directory. Prerendered, it is a plain page of members with page links; once
 * JavaScript runs and the whole list has arrived, it searches, filters and opens details. Both
 * are one SearchableList, so nothing moves when the whole list replaces the page.
 */
export function DirectoryBrowser({ snapshot, all, error }: Props) {
  const hydrated = useHydrated();
  const failed = error !== null;
  const whole = hydrated ? all : null;

  if (whole?.length === 0 || (!whole && snapshot.total === 0)) return <p>{DIRECTORY_TEXTS.directoryEmpty}</p>;
  // Both notes share one box, the longer one's height, so the list below does not move when
  // hydration swaps one for the other.
  const loading = hydrated && !failed && !whole;
  const note = (
    <>
      <p className={styles.note} aria-hidden={hydrated || undefined}>
        Searching and the state filter need JavaScript. Without it, browse the members page by page in
        alphabetical order, or <a href="/search">search the whole site</a>, members included.
      </p>
      <p role="status" className={styles.note} aria-hidden={!loading || undefined}>
        {loading ? "Loading the whole directory for searching..." : ""}
      </p>
    </>
  );
  return (
    <>
      {/* The prerendered page stays if the whole list cannot be had, and says it may be out of
          date (decision 6): the service's own message ("Internal error encountered.") would
          tell a visitor nothing about what they see. */}
      {failed && !whole && (
        <p role="status" className={styles.note}>
          {DIRECTORY_TEXTS.directoryMayBeOutOfDate}
        </p>
      )}
      <SearchableList
        items={whole ?? snapshot.members}
        config={directoryList}
        note={note}
        plain={whole ? undefined : { ...plainList, page: { page: snapshot.page, total: snapshot.total } }}
      />
    </>
  );
}
