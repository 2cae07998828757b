import { Form, Link } from "react-router";
import { APPLICATIONS_PATH, applicationPath } from "#shared/secretariat-paths.ts";
import { DataTable, Pager } from "./parts.tsx";
import { WorkspacePage } from "./workspace-frame.tsx";

/** One application in the list, its values written as the office reads them. */
export type ApplicationListRow = {
  key: string;
  received: string;
  name: string;
  email: string;
  type: string;
  status: string;
  amountDue: string;
  reference: string;
};

export type ApplicationsView = {
  /** `waiting`: "decision" for those waiting for the secretariat's decision, else "". */
  query: { search: string; status: string; waiting: string };
  /** How long an application waits for its payment before it waits for a decision. */
  decisionAfterDays: number;
  /** The statuses to filter by: value and label. */
  statuses: [value: string, label: string][];
  rows: ApplicationListRow[];
  total: number;
  page: number;
  pages: number;
};

/** The list's address for a page of the same search (no empty parameters: a URL to share). */
function listUrl(query: ApplicationsView["query"], page: number) {
  const params = new URLSearchParams();
  if (query.search) params.set("q", query.search);
  if (query.status) params.set("status", query.status);
  if (query.waiting) params.set("waiting", query.waiting);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `${APPLICATIONS_PATH}?${search}` : APPLICATIONS_PATH;
}

/**
 * Every application: a GET form to search and filter (its address is one to bookmark or pass on),
 * the table newest first, pages of 50.
 */
export function ApplicationsPage({
  query,
  decisionAfterDays,
  statuses,
  rows,
  total,
  page,
  pages,
}: ApplicationsView) {
  return (
    <WorkspacePage title="Applications">
      {/* The search is the page's own address: a new search replaces the form's defaults. */}
      <Form
        key={listUrl(query, 1)}
        method="get"
        action={APPLICATIONS_PATH}
        className="ws-inline"
        role="search"
      >
        <div className="ws-field">
          <label htmlFor="q">Name, e-mail, member number, reference or bank reference</label>
          <input id="q" name="q" type="search" defaultValue={query.search} maxLength={200} />
        </div>
        <div className="ws-field">
          <label htmlFor="status">Status</label>
          <select id="status" name="status" defaultValue={query.status}>
            <option value="">Any status</option>
            {statuses.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="ws-check">
          <input
            id="waiting"
            name="waiting"
            type="checkbox"
            value="decision"
            defaultChecked={query.waiting === "decision"}
          />
          <label htmlFor="waiting">Waiting for a decision (no payment after {decisionAfterDays} days)</label>
        </div>
        <button type="submit">Search</button>
      </Form>
      <p role="status">
        {total} application{total === 1 ? "" : "s"} found, newest first.
      </p>
      {total > 0 && (
        <DataTable
          caption="Applications"
          head={["Date", "Name", "E-mail", "Type", "Status", "Amount due", "Reference"]}
        >
          {rows.map((row) => (
            <tr key={row.key}>
              <td>{row.received}</td>
              <td>
                <Link to={applicationPath(row.key)}>{row.name}</Link>
              </td>
              <td>{row.email}</td>
              <td>{row.type}</td>
              <td className="ws-status">{row.status}</td>
              <td>{row.amountDue}</td>
              <td>{row.reference}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager label="Pages of applications" page={page} pages={pages} pageUrl={(to) => listUrl(query, to)} />
    </WorkspacePage>
  );
}
