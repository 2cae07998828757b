import { heldAction, heldFormName } from "#shared/secretariat-paths.ts";
import { RecordList, type Rows } from "./parts.tsx";
import { PressForm } from "./press-form.tsx";
import { WorkspacePage } from "./workspace-frame.tsx";

export type HeldItem = {
  kind: string;
  id: string;
  title: string;
  reason: string;
  fields: Rows;
  /** Whether 'Not spam' can deliver it (an enrolment was held without what it needs). */
  releasable: boolean;
};

/** What the spam guard held back, newest first, each with its reason and the two buttons. */
export function HeldPage({ items }: { items: HeldItem[] }) {
  return (
    <WorkspacePage title="Held back">
      <p>
        Submissions the spam guard set aside. 'Not spam' delivers one exactly as if it had passed; 'Delete'
        removes it. Both are written to the audit log.
      </p>
      {items.length > 0 ? (
        <ul className="ws-list">
          {items.map((item) => (
            <li key={`${item.kind}/${item.id}`} className="ws-card">
              <h2>{item.title}</h2>
              <p>
                <strong>Held because:</strong> {item.reason}
              </p>
              <RecordList rows={item.fields} />
              <div className="ws-inline">
                {item.releasable ? (
                  <PressForm
                    name={heldFormName("release", item.kind, item.id)}
                    action={heldAction("release", item.kind, item.id)}
                    label="Not spam"
                  />
                ) : (
                  <p className="ws-muted">
                    This kind cannot be delivered from here (it was held without what it needs); ask the
                    sender to send it again.
                  </p>
                )}
                <PressForm
                  name={heldFormName("delete", item.kind, item.id)}
                  action={heldAction("delete", item.kind, item.id)}
                  label="Delete"
                  buttonClass="ws-danger"
                />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p>Nothing is held back.</p>
      )}
    </WorkspacePage>
  );
}
