import { Link } from "react-router";
import { MAILS_PATH, mailFramePath, mailPath } from "#shared/secretariat-paths.ts";
import { WorkspacePage } from "./workspace-frame.tsx";

/** One e-mail the site sends, rendered with made-up sample data. */
export type MailPreview = { name: string; title: string; subject: string; text: string };

/**
 * Every e-mail the site sends: subject and plain-text part here, and each one's own page with the
 * e-mail itself in a frame. One frame a page: each frame is a request of its own, with its
 * session check.
 */
export function MailsPage({ mails }: { mails: MailPreview[] }) {
  return (
    <WorkspacePage title="E-mail templates">
      <p>
        Every e-mail the site sends, shown with made-up sample data. Each is sent as HTML with the plain-text
        part beside it.
      </p>
      {mails.map((mail) => (
        <section key={mail.name} className="ws-card ws-mail" aria-labelledby={`${mail.name}-title`}>
          <h2 id={`${mail.name}-title`}>{mail.title}</h2>
          <p>
            <span className="ws-muted">Subject:</span> {mail.subject}
          </p>
          <p>
            <Link to={mailPath(mail.name)}>
              See the e-mail<span className="visually-hidden">: {mail.title}</span>
            </Link>
          </p>
          <details>
            <summary>
              Plain-text part<span className="visually-hidden">: {mail.title}</span>
            </summary>
            <pre className="ws-mail-text">{mail.text}</pre>
          </details>
        </section>
      ))}
    </WorkspacePage>
  );
}

/** One template: the e-mail as sent, in a sandboxed frame of its own answer, and its plain-text part. */
export function MailPage({ mail }: { mail: MailPreview }) {
  return (
    <WorkspacePage title={mail.title}>
      <p>
        <Link to={MAILS_PATH}>All e-mail templates</Link>
      </p>
      <p>
        <span className="ws-muted">Subject:</span> {mail.subject}
      </p>
      <iframe
        className="ws-mail-frame"
        src={mailFramePath(mail.name)}
        sandbox=""
        title={`${mail.title}: the e-mail as sent`}
      />
      <h2>Plain-text part</h2>
      <pre className="ws-mail-text">{mail.text}</pre>
    </WorkspacePage>
  );
}
