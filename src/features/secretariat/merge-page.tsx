import { Form } from "react-router";
import { Checkbox, FormStatusLine } from "#components/forms/fields.tsx";
import { PageForm, usePageForm } from "#components/forms/page-form.tsx";
import { MERGE_PATH } from "#shared/secretariat-paths.ts";
import { RecordList } from "./parts.tsx";
import { WorkspacePage } from "./workspace-frame.tsx";

type MergeRecord = {
  key: string;
  name: string;
  email: string;
  applicationId: string;
  memberNo: string;
  class: string;
  standing: string;
  payments: number;
  claimed: boolean;
  closed: boolean;
};

export type MergeView = {
  keepText: string;
  mergeText: string;
  keep: MergeRecord | null;
  merge: MergeRecord | null;
};

const rowsOf = (record: MergeRecord): [string, string][] => [
  ["Name", record.name],
  ["E-mail", record.email],
  ["Member number", record.memberNo || "none yet"],
  ["Class", record.class],
  ["Standing", record.standing],
  ["Payments recorded", String(record.payments)],
  ["Website account", record.closed ? "closed" : record.claimed ? "in use" : "not claimed"],
];

function MergeForm({ keep, merge }: { keep: MergeRecord; merge: MergeRecord }) {
  const form = usePageForm("register-merge", { rules: {} });
  return (
    <PageForm form={form} action={`${MERGE_PATH}?do=merge`}>
      <input type="hidden" name="keep" value={keep.key} />
      <input type="hidden" name="merge" value={merge.key} />
      <Checkbox
        name="confirm"
        value="yes"
        required
        label={`I have checked: ${keep.name} and ${merge.name} are one person`}
      />
      <button type="submit" className="ws-danger" disabled={form.sending}>
        Merge into the first record
      </button>
      <FormStatusLine kind={form.status.kind} message={form.status.message} />
    </PageForm>
  );
}

/**
 * Two records of one person made one: found by member number, address or application id (a GET
 * form, so the address can be passed on), shown side by side, then merged once confirmed.
 */
export function MergePage({ keepText, mergeText, keep, merge }: MergeView) {
  const asked = keepText !== "" || mergeText !== "";
  return (
    <WorkspacePage title="Merge two records">
      <p>
        For one person with two records: a member on the register who also enrolled on the site, or a member
        on the register twice. The record merged has its payments, notices and directory details moved to the
        record kept, its website account closed, and its audit lines shown with the kept record's. A line in
        the audit log says what moved. It cannot be undone here.
      </p>
      <Form method="get" action={MERGE_PATH} className="ws-inline">
        <div className="ws-field">
          <label htmlFor="keep">Record to keep (member number, e-mail or application id)</label>
          <input id="keep" name="keep" defaultValue={keepText} maxLength={254} required />
        </div>
        <div className="ws-field">
          <label htmlFor="merge">Record to merge into it</label>
          <input id="merge" name="merge" defaultValue={mergeText} maxLength={254} required />
        </div>
        <button type="submit">Find the two records</button>
      </Form>
      {asked && (!keep || !merge) && (
        <p className="ws-flash ws-flash-error" role="alert">
          {!keep ? `No record found for "${keepText}".` : `No record found for "${mergeText}".`}
        </p>
      )}
      {keep && merge && (
        <>
          <div className="ws-columns">
            <section aria-labelledby="kept-title">
              <h2 id="kept-title">Kept</h2>
              <RecordList rows={rowsOf(keep)} />
            </section>
            <section aria-labelledby="merged-title">
              <h2 id="merged-title">Merged into it</h2>
              <RecordList rows={rowsOf(merge)} />
            </section>
          </div>
          {keep.key === merge.key ? (
            <p className="ws-flash ws-flash-error" role="alert">
              Both name the same record.
            </p>
          ) : (
            <MergeForm keep={keep} merge={merge} />
          )}
        </>
      )}
    </WorkspacePage>
  );
}
