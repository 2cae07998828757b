import { Link } from "react-router";
import { Checkbox, FormStatusLine } from "#components/forms/fields.tsx";
import { PageForm, usePageForm } from "#components/forms/page-form.tsx";
import { SEND_FIELDS, sendConfirmLabel } from "#shared/forms/secretariat-fields.ts";
import { issueAction, issueFormName, issueFramePath, NEWSLETTER_PATH } from "#shared/secretariat-paths.ts";
import { PressForm } from "./press-form.tsx";
import { WorkspacePage } from "./workspace-frame.tsx";

export type IssueView = {
  id: string;
  subject: string;
  /** The signed-in address a test goes to. */
  who: string;
  /** Still a draft: it can be sent, to this many confirmed subscribers. */
  draft: boolean;
  confirmed: number;
  /** How the sending stands, once begun: a line, the copies' progress, the last problem. */
  sending: { status: string; progress: string | null; lastError: string | null } | null;
  /** The plain-text part of the issue as sent. */
  text: string;
};

/** One issue: 'Send a test to myself', 'Send to every confirmed subscriber', its progress, the preview. */
export function IssuePage(issue: IssueView) {
  const hidden = <input type="hidden" name="issue" value={issue.id} />;
  return (
    <WorkspacePage title={issue.subject}>
      <p>
        <Link to={NEWSLETTER_PATH}>All issues</Link>
      </p>
      <div className="ws-actions">
        <div className="ws-card">
          <h2>Test</h2>
          <p>Sends this issue to {issue.who}, marked [Test].</p>
          <PressForm
            name={issueFormName("test")}
            action={issueAction(issue.id, "test")}
            label="Send a test to myself"
            buttonClass="ws-secondary"
          >
            {hidden}
          </PressForm>
        </div>
        <div className="ws-card">
          <h2>Send</h2>
          {issue.draft ? (
            <SendForm id={issue.id} confirmed={issue.confirmed} />
          ) : (
            issue.sending && (
              <>
                <p className="ws-status">{issue.sending.status}</p>
                {issue.sending.progress && <p>{issue.sending.progress}</p>}
                {issue.sending.lastError && (
                  <p className="ws-failed">
                    Last problem: {issue.sending.lastError}. It is tried again every 10 minutes.
                  </p>
                )}
              </>
            )
          )}
        </div>
      </div>
      <h2>Preview</h2>
      {/* The mail in a frame of its own answer, sandboxed: nothing in it can act on this page. */}
      <iframe
        className="ws-mail-frame"
        src={issueFramePath(issue.id)}
        sandbox=""
        title="Preview of the issue as sent"
      />
      <details>
        <summary>Plain-text part</summary>
        <pre className="ws-mail-text">{issue.text}</pre>
      </details>
    </WorkspacePage>
  );
}

/**
 * 'Send to every confirmed subscriber': only with its box ticked, which names how many get a copy.
 * The browser asks for the tick (with JavaScript or without), and the server refuses a send without
 * it beside the box, sending nothing.
 */
function SendForm({ id, confirmed }: { id: string; confirmed: number }) {
  const form = usePageForm(issueFormName("send"), { rules: SEND_FIELDS });
  return (
    <PageForm form={form} action={issueAction(id, "send")} className="ws-form">
      <input type="hidden" name="issue" value={id} />
      <Checkbox
        name="confirm"
        // The number its words name: a send after more have confirmed is asked again.
        value={String(confirmed)}
        rule={SEND_FIELDS.confirm}
        label={sendConfirmLabel(confirmed)}
        required
      />
      <button type="submit" disabled={form.sending}>
        {`Send to every confirmed subscriber (${confirmed})`}
      </button>
      <FormStatusLine kind={form.status.kind} message={form.status.message} />
    </PageForm>
  );
}
