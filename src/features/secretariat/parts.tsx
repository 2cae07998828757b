import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";

/** Label and value pairs of a record, as the server wrote them. */
export type Rows = [label: string, value: string][];

/** A description list of label and value pairs (a record, a submission's fields). */
export function RecordList({ rows }: { rows: Rows }) {
  return (
    <dl className="ws-record">
      {rows.map(([label, value], index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a record's rows never move; a label may repeat
        <Fragment key={`${index}-${label}`}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** A table that scrolls sideways on a narrow screen, reachable and named for keyboard users. */
export function DataTable({
  caption,
  head,
  children,
}: {
  caption: string;
  head: string[];
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className="ws-table-wrap" aria-label={caption} tabIndex={0}>
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}

/** A workspace list's pages: the one before and after, as links `pageUrl` makes, and where this one is. */
export function Pager({
  label,
  page,
  pages,
  pageUrl,
}: {
  label: string;
  page: number;
  pages: number;
  pageUrl: (page: number) => string;
}) {
  return (
    <nav className="ws-pager" aria-label={label}>
      {page > 1 && (
        <Link to={pageUrl(page - 1)} rel="prev">
          Previous page
        </Link>
      )}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages && (
        <Link to={pageUrl(page + 1)} rel="next">
          Next page
        </Link>
      )}
    </nav>
  );
}
