import { useHydrated } from "#components/layout/use-hydrated.ts";
import {
  type ListConfig,
  type PlainList,
  SearchableList,
  listStyles as styles,
  VIEW_MORE_CLASS,
} from "#components/lists/searchable-list.tsx";
import { Dialog } from "#components/ui/dialog.tsx";
import { DIRECTORY_TEXTS } from "#shared/directory-constants.ts";
import type { Fellow } from "#shared/schemas/directory.ts";
import { findFellows, searchableFellows, yearsOf } from "./fellow-search.ts";

/** The fellows as a searchable list: their columns, the year filter and the details dialog. */
const fellowsList: ListConfig<Fellow> = {
  one: "fellow",
  many: "fellows",
  path: "/fellowship",
  searchLabel: "Search by name or institution",
  filter: { param: "elected", label: "Fellow of the year", all: "All years", options: yearsOf },
  search(fellows) {
    const index = searchableFellows(fellows);
    return (query, year) => findFellows(index, query, year);
  },
  // Serial and fellow numbers may repeat or be blank in a sheet; the position is unique.
  key: (fellow, index) => `${index}-${fellow.fellowNumber}`,
  title: (fellow) => fellow.name,
  lines: (fellow) => [fellow.position, fellow.university],
  dialog: (fellow, close) => (
    <Dialog title={fellow.name} onClose={close}>
      <FellowDetails fellow={fellow} />
    </Dialog>
  ),
};

/** Without JavaScript the controls cannot work and the dialog cannot open: the details are in the card instead. */
const note = <p className={styles.note}>Searching and the year filter need JavaScript.</p>;
const plainList: PlainList<Fellow> = {
  inPlace: (fellow) => (
    <details className={styles.details}>
      <summary className={VIEW_MORE_CLASS}>
        View More<span className="visually-hidden">{` about ${fellow.name}`}</span>
      </summary>
      <FellowDetails fellow={fellow} />
    </details>
  ),
};

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
  return (
    <>
      {outOfDate && (
        <p role="status" className={styles.note}>
          {DIRECTORY_TEXTS.fellowsMayBeOutOfDate}
        </p>
      )}
      <SearchableList
        items={fellows}
        config={fellowsList}
        note={note}
        plain={hydrated ? undefined : plainList}
      />
    </>
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
