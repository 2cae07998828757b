import { Link } from "react-router";
import { FormStatusLine, TextArea, TextField } from "#components/forms/fields.tsx";
import { PageForm, usePageForm } from "#components/forms/page-form.tsx";
import { ISSUE_FIELDS as F } from "#shared/forms/secretariat-fields.ts";
import { issuePath, NEWSLETTER_PATH, SUBSCRIBERS_CSV } from "#shared/secretariat-paths.ts";
import { WorkspacePage } from "./workspace-frame.tsx";

export type IssueRow = { id: string; subject: string; written: string; status: string };

export type NewsletterView = {
  counts: { confirmed: number; pending: number; unsubscribed: number };
  issues: IssueRow[];
};

/** The subscribers' counts and list, the compose form, the issues so far. */
export function NewsletterPage({ counts, issues }: NewsletterView) {
  return (
    <WorkspacePage title="Newsletter">
      <h2>Subscribers</h2>
      <dl className="ws-record ws-counts">
        <dt>Confirmed</dt>
        <dd data-count="confirmed">{counts.confirmed}</dd>
        <dt>Pending (not confirmed yet)</dt>
        <dd data-count="pending">{counts.pending}</dd>
        <dt>Unsubscribed</dt>
        <dd data-count="unsubscribed">{counts.unsubscribed}</dd>
      </dl>
      <p>
        {/* A download from a function: the browser saves it, the page stays. */}
        <a className="ws-button" href={SUBSCRIBERS_CSV} download="subscribers.csv">
          Download the list (CSV)
        </a>
      </p>
      <h2>Compose an issue</h2>
      <p>
        Write the text as plain paragraphs, a blank line between them; links written out in full (https://…)
        become clickable. Every copy ends with its own unsubscribe link. You can send a test to yourself
        before sending it to everyone.
      </p>
      <ComposeForm />
      <h2>Issues</h2>
      {issues.length === 0 ? (
        <p>No issue yet.</p>
      ) : (
        <div className="ws-table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Subject</th>
                <th scope="col">Written</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {issues.map((issue) => (
                <tr key={issue.id}>
                  <td>
                    <Link to={issuePath(issue.id)}>{issue.subject}</Link>
                  </td>
                  <td>{issue.written}</td>
                  <td className="ws-status">{issue.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </WorkspacePage>
  );
}

/** 'Save and preview': stored as a draft, and the page moves on to the issue's own. */
export function ComposeForm() {
  const form = usePageForm("issue-compose", { rules: F });
  return (
    <PageForm form={form} action={NEWSLETTER_PATH} className="ws-form">
      <TextField name="subject" rule={F.subject} />
      <TextArea name="text" rule={F.text} rows={12} />
      <TextField
        name="attachmentUrl"
        rule={F.attachmentUrl}
        type="url"
        inputMode="url"
        markOptional
        hint="A full https:// link to a file already online, such as the issue's PDF."
      />
      <button type="submit" disabled={form.sending}>
        Save and preview
      </button>
      <FormStatusLine kind={form.status.kind} message={form.status.message} />
    </PageForm>
  );
}
