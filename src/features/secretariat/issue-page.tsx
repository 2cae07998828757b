import { Link } from "react-router";
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
            <PressForm
              name={issueFormName("send")}
              action={issueAction(issue.id, "send")}
              label={`Send to every confirmed subscriber (${issue.confirmed})`}
              className="ws-inline"
            >
              {hidden}
            </PressForm>
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
