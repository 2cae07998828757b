import { Form, Link } from "react-router";
import { FormStatusLine, TextField } from "#components/forms/fields.tsx";
import { PageForm, usePageForm } from "#components/forms/page-form.tsx";
import type { PreviewChange, PreviewView } from "#shared/register-preview.ts";
import { applicationPath, MERGE_PATH, REGISTER_PATH } from "#shared/secretariat-paths.ts";
import { DataTable, Pager } from "./parts.tsx";
import { WorkspacePage } from "./workspace-frame.tsx";

export type RegisterView = {
  source: "csv" | "sheet";
  query: { search: string; class: string; zone: string; standing: string; claimed: string; page: number };
  members: {
    rows: {
      memberNo: string;
      key: string;
      name: string;
      email: string;
      class: string;
      zone: string;
      joinedYear: number;
      standing: string;
      claimed: boolean;
      mergedInto: string | null;
    }[];
    total: number;
    page: number;
    pages: number;
  };
  totals: { members: number; claimed: number };
  imports: {
    id: string;
    at: string;
    by: string;
    source: string;
    added: number;
    changed: number;
    unchanged: number;
    kept: number;
  }[];
  preview: PreviewView | null;
  imported: {
    id: string;
    at: string;
    by: string;
    added: number;
    changed: number;
    unchanged: number;
    kept: number;
  } | null;
  classes: { value: string; label: string }[];
  zones: string[];
  standings: { value: string; label: string }[];
};

export const REGISTER_COLUMNS_TEXT =
  "MEMBER NO, NAME, EMAIL, CLASS, YEAR JOINED, LAST YEAR PAID, LIFE FEE OWED, ZONE, DATE OF BIRTH";

const FIELD_NAMES: Record<string, string> = {
  name: "Name",
  email: "E-mail",
  class: "Class",
  joinedYear: "Year joined",
  lastPaidYear: "Last year paid",
  lifeOwed: "Life fee owed",
  zone: "Zone",
  dateOfBirth: "Date of birth",
};

const shownValue = (value: string) => value || "(empty)";
const day = (iso: string) => iso.slice(0, 16).replace("T", " ");

function listUrl(query: RegisterView["query"], page: number) {
  const params = new URLSearchParams();
  if (query.search) params.set("q", query.search);
  if (query.class) params.set("class", query.class);
  if (query.zone) params.set("zone", query.zone);
  if (query.standing) params.set("standing", query.standing);
  if (query.claimed) params.set("claimed", query.claimed);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `${REGISTER_PATH}?${search}` : REGISTER_PATH;
}

/** 'Preview': the register's file (or the master sheet's columns) read and shown, nothing changed. */
function PreviewForm({ source }: { source: RegisterView["source"] }) {
  const form = usePageForm("register-preview", { rules: {} });
  return (
    <PageForm
      form={form}
      action={`${REGISTER_PATH}?do=preview`}
      encType="multipart/form-data"
      className="ws-inline"
    >
      {source === "csv" ? (
        <TextField
          name="file"
          type="file"
          label="The register (CSV)"
          accept=".csv,text/csv"
          required
          hint={`Columns: ${REGISTER_COLUMNS_TEXT}.`}
        />
      ) : (
        <p>The register is read from the master sheet's register columns.</p>
      )}
      <button type="submit" disabled={form.sending}>
        {source === "csv" ? "Preview the import" : "Read the master sheet and preview"}
      </button>
      <FormStatusLine kind={form.status.kind} message={form.status.message} />
    </PageForm>
  );
}

function ChangeList({ changes }: { changes: PreviewChange[] }) {
  return (
    <ul>
      {changes.map((change) => (
        <li key={change.field}>
          {FIELD_NAMES[change.field] ?? change.field}: {shownValue(change.from)} → {shownValue(change.to)}
        </li>
      ))}
    </ul>
  );
}

/** The preview of a file: what Apply would do, row by row, and the Apply form with its ticks. */
function Preview({ preview }: { preview: NonNullable<RegisterView["preview"]> }) {
  const form = usePageForm("register-apply", { rules: {} });
  if (preview.state === "expired")
    return (
      <p className="ws-flash ws-flash-error" role="alert">
        This preview has expired or was never made: preview the register again.
      </p>
    );
  if (preview.state === "unreadable")
    return (
      <p className="ws-flash ws-flash-error" role="alert">
        The register could not be read: {preview.error}.
      </p>
    );
  const { counts } = preview;
  const nothing =
    counts.new + counts.changed + counts.conflicts + preview.refused.filter((row) => row.link).length === 0;
  // A refused row the office cannot tick away: the import is all or nothing, so Apply waits for
  // the corrected file (the server refuses it too, whatever is posted).
  const mustCorrect = preview.refused.filter((row) => !row.link);
  return (
    <section aria-labelledby="preview-title">
      <h2 id="preview-title">Preview</h2>
      <p>
        Read {day(preview.uploadedAt)} from the {preview.source === "sheet" ? "master sheet" : "CSV file"}.
        Nothing has changed yet.
      </p>
      <ul className="ws-counts" aria-label="What Apply would do">
        <li>{counts.new} new</li>
        <li>{counts.changed} changed</li>
        <li>{counts.unchanged} unchanged</li>
        <li>{counts.refused} refused</li>
        <li>{counts.conflicts} changed on the site since the last import</li>
      </ul>
      <PageForm form={form} action={`${REGISTER_PATH}?do=apply`}>
        <input type="hidden" name="digest" value={preview.digest} />
        <input type="hidden" name="plan" value={preview.plan} />
        {preview.refused.length > 0 && (
          <>
            <h3>Refused rows</h3>
            <p>
              Nothing is imported while a row is refused: the register comes in whole or not at all. Correct
              these rows in the register and preview it again
              {mustCorrect.length === 0 ? ", or tick each to make the site account the member's." : "."}
            </p>
            <DataTable caption="Refused rows" head={["Row", "Member no.", "Name", "Why"]}>
              {preview.refused.map((row) => (
                <tr key={row.line}>
                  <td>{row.line}</td>
                  <td>{row.memberNo}</td>
                  <td>{row.name}</td>
                  <td>
                    <p>{row.reason}</p>
                    {row.link && (
                      <div className="ws-check">
                        <input
                          id={`take-${row.line}-link`}
                          type="checkbox"
                          name="take"
                          value={`${row.memberNo}/link`}
                        />
                        <label htmlFor={`take-${row.line}-link`}>
                          Make the site account of {row.link.name} ({row.link.applicationId}) member{" "}
                          {row.memberNo}'s
                        </label>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </DataTable>
          </>
        )}
        {preview.conflicts.length > 0 && (
          <>
            <h3>Changed on the site since the last import</h3>
            <p>
              The member or the office changed these on the site, and the register now says otherwise. The
              site's value is kept unless you tick to take the register's.
            </p>
            <DataTable
              caption="Changed on the site"
              head={["Member no.", "Field", "On the site", "On the register", "Take the register's"]}
            >
              {preview.conflicts.flatMap((row) =>
                row.conflicts.map((conflict) => (
                  <tr key={`${row.memberNo}/${conflict.field}`}>
                    <td>{row.memberNo}</td>
                    <td>{FIELD_NAMES[conflict.field]}</td>
                    <td>{shownValue(conflict.site)}</td>
                    <td>{shownValue(conflict.register)}</td>
                    <td>
                      <input
                        id={`take-${row.line}-${conflict.field}`}
                        type="checkbox"
                        name="take"
                        value={`${row.memberNo}/${conflict.field}`}
                        aria-label={`Take the register's ${FIELD_NAMES[conflict.field]?.toLowerCase()} for ${row.memberNo}`}
                      />
                    </td>
                  </tr>
                )),
              )}
            </DataTable>
          </>
        )}
        {preview.changed.length > 0 && (
          <>
            <h3>Changed</h3>
            <DataTable caption="Changed rows" head={["Row", "Member no.", "Name", "Changes"]}>
              {preview.changed.map((row) => (
                <tr key={row.line}>
                  <td>{row.line}</td>
                  <td>{row.memberNo}</td>
                  <td>{row.name}</td>
                  <td>
                    <ChangeList changes={row.changes} />
                  </td>
                </tr>
              ))}
            </DataTable>
          </>
        )}
        {preview.added.length > 0 && (
          <>
            <h3>New</h3>
            {counts.new > preview.added.length && (
              <p>
                The first {preview.added.length} of {counts.new}.
              </p>
            )}
            <DataTable caption="New members" head={["Row", "Member no.", "Name"]}>
              {preview.added.map((row) => (
                <tr key={row.line}>
                  <td>{row.line}</td>
                  <td>{row.memberNo}</td>
                  <td>{row.name}</td>
                </tr>
              ))}
            </DataTable>
          </>
        )}
        {mustCorrect.length > 0 ? (
          <p>
            Nothing can be applied until {mustCorrect.length === 1 ? "row" : "rows"}{" "}
            {mustCorrect.map((row) => row.line).join(", ")} {mustCorrect.length === 1 ? "is" : "are"}{" "}
            corrected: nothing has been written.
          </p>
        ) : nothing ? (
          <p>The register and the site agree: there is nothing to apply.</p>
        ) : (
          <button type="submit" disabled={form.sending}>
            Apply the import
          </button>
        )}
        <FormStatusLine kind={form.status.kind} message={form.status.message} />
      </PageForm>
    </section>
  );
}

/**
 * The membership register: its import (preview, then apply), the last imports, and the members on
 * it with their standing, claimed or not, filtered by class, zone and standing.
 */
export function RegisterPage(view: RegisterView) {
  const { query, members, totals } = view;
  return (
    <WorkspacePage title="Register">
      <p>
        The society's members from before the website, by their own numbers. Importing the register gives each
        member an account (no password until they claim it), so the renewal calendar, the reminders and the
        counts treat them as everyone else. {totals.members} on the register, {totals.claimed} claimed their
        account.
      </p>
      {view.imported && (
        <p role="status">
          Import {view.imported.id}: {view.imported.added} new, {view.imported.changed} changed,{" "}
          {view.imported.unchanged} unchanged, {view.imported.kept} site values kept.
        </p>
      )}
      <h2>Import</h2>
      <PreviewForm source={view.source} />
      {view.preview && <Preview preview={view.preview} />}
      {view.imports.length > 0 && (
        <>
          <h2>Last imports</h2>
          <DataTable
            caption="Last imports"
            head={["When", "By", "Source", "New", "Changed", "Unchanged", "Kept"]}
          >
            {view.imports.map((row) => (
              <tr key={row.id}>
                <td>{day(row.at)}</td>
                <td>{row.by}</td>
                <td>{row.source}</td>
                <td>{row.added}</td>
                <td>{row.changed}</td>
                <td>{row.unchanged}</td>
                <td>{row.kept}</td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
      <h2>Members on the register</h2>
      <p>
        Two records of one person (a member who also enrolled on the site, say)?{" "}
        <Link to={MERGE_PATH}>Merge them</Link>.
      </p>
      <Form key={listUrl(query, 1)} method="get" action={REGISTER_PATH} className="ws-inline" role="search">
        <div className="ws-field">
          <label htmlFor="q">Name, e-mail or member number</label>
          <input id="q" name="q" type="search" defaultValue={query.search} maxLength={200} />
        </div>
        <div className="ws-field">
          <label htmlFor="class">Class</label>
          <select id="class" name="class" defaultValue={query.class}>
            <option value="">Any class</option>
            {view.classes.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="ws-field">
          <label htmlFor="zone">Zone</label>
          <select id="zone" name="zone" defaultValue={query.zone}>
            <option value="">Any zone</option>
            {view.zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        </div>
        <div className="ws-field">
          <label htmlFor="standing">Standing</label>
          <select id="standing" name="standing" defaultValue={query.standing}>
            <option value="">Any standing</option>
            {view.standings.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="ws-field">
          <label htmlFor="claimed">Account</label>
          <select id="claimed" name="claimed" defaultValue={query.claimed}>
            <option value="">Claimed or not</option>
            <option value="yes">Claimed</option>
            <option value="no">Not claimed</option>
          </select>
        </div>
        <button type="submit">Search</button>
      </Form>
      <p role="status">
        {members.total} member{members.total === 1 ? "" : "s"} found, by member number.
      </p>
      {members.total > 0 && (
        <DataTable
          caption="Members on the register"
          head={["Member no.", "Name", "E-mail", "Class", "Zone", "Joined", "Standing", "Account"]}
        >
          {members.rows.map((row) => (
            <tr key={row.memberNo}>
              <td>{row.memberNo}</td>
              <td>
                <Link to={applicationPath(row.key)}>{row.name}</Link>
              </td>
              <td>{row.email}</td>
              <td>{row.class}</td>
              <td>{row.zone}</td>
              <td>{row.joinedYear}</td>
              <td className="ws-status">{row.standing}</td>
              <td>
                {row.mergedInto ? `Merged into ${row.mergedInto}` : row.claimed ? "Claimed" : "Not claimed"}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager
        label="Pages of the register"
        page={members.page}
        pages={members.pages}
        pageUrl={(to) => listUrl(query, to)}
      />
    </WorkspacePage>
  );
}
