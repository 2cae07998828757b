import { Form } from "react-router";
import { MESSAGES_PATH, resendAction, resendFormName } from "#shared/secretariat-paths.ts";
import { RecordList, type Rows } from "./parts.tsx";
import { PressForm } from "./press-form.tsx";
import { WorkspacePage } from "./workspace-frame.tsx";

/**
 * A stored submission and how its e-mails went. Never an e-mail's body: some carry a member's
 * single-use links, so the server does not hand them to the page at all.
 */
export type MessageItem = {
  kind: string;
  id: string;
  title: string;
  fields: Rows;
  mails: { name: string; text: string; status: string; failed: boolean; lastError: string | null }[];
  failed: boolean;
};

export type MessagesView = {
  /** Each kind stored: its code (the address's `?kind=`) and its name in words. */
  kinds: { name: string; label: string; count: number }[];
  /** The kind shown; "" for every kind. */
  kind: string;
  /** Only those whose e-mails wait for a retry ("pending") or were given up on ("failed"); "" for all. */
  mail: string;
  items: MessageItem[];
};

const MAIL_CHOICES: [value: string, label: string][] = [
  ["", "Any"],
  ["pending", "Waiting for a retry"],
  ["failed", "Failed"],
];

/** What an empty list says: which submissions there are none of ("No contact message yet."). */
function emptyText(kinds: MessagesView["kinds"], kind: string, mail: string): string {
  const what = kinds.find((option) => option.name === kind)?.label.toLowerCase() ?? "submissions";
  if (!mail) return `No ${what} yet.`;
  return `No ${what} with e-mails ${mail === "failed" ? "that failed" : "waiting for a retry"}.`;
}

/**
 * Submissions of one kind (contact messages first; any kind the site stores can be chosen),
 * newest first, each with its fields and its e-mails; 'Send again' where one did not go out.
 */
export function MessagesPage({ kinds, kind, mail, items }: MessagesView) {
  return (
    <WorkspacePage title="Messages">
      <Form key={`${kind}/${mail}`} method="get" action={MESSAGES_PATH} className="ws-inline">
        <div className="ws-field">
          <label htmlFor="kind">Kind</label>
          <select id="kind" name="kind" defaultValue={kind}>
            <option value="">Every kind</option>
            {kinds.map((option) => (
              <option key={option.name} value={option.name}>
                {option.label} ({option.count})
              </option>
            ))}
          </select>
        </div>
        <div className="ws-field">
          <label htmlFor="mail">E-mails</label>
          <select id="mail" name="mail" defaultValue={mail}>
            {MAIL_CHOICES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit">Show</button>
      </Form>
      {items.length > 0 ? (
        <ul className="ws-list">
          {items.map((item) => (
            <li key={item.id} className="ws-card">
              <h2>{item.title}</h2>
              <RecordList rows={item.fields} />
              <h3>E-mails</h3>
              <ul>
                {item.mails.map((mail) => (
                  <li key={mail.name}>
                    {mail.text}: <span className={mail.failed ? "ws-failed" : undefined}>{mail.status}</span>
                    {mail.lastError && ` (${mail.lastError})`}
                  </li>
                ))}
              </ul>
              {item.failed && (
                <PressForm
                  name={resendFormName(item.kind, item.id)}
                  action={resendAction(item.kind, item.id)}
                  label="Send again"
                />
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p>{emptyText(kinds, kind, mail)}</p>
      )}
    </WorkspacePage>
  );
}
