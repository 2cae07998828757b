import { useEffect, useState } from "react";
import { getJson } from "#client/api-client.ts";
import { Dialog } from "#components/ui/dialog.tsx";
import { DIRECTORY_TEXTS } from "#shared/directory-constants.ts";
import { type Member, memberSchema, type PublicMember } from "#shared/schemas/directory.ts";

type Details =
  | { status: "loading" }
  | { status: "ready"; member: Member }
  | { status: "failed"; message: string };

/** One member's full record, fetched when the dialog opens: the list never carries contact details. */
export function MemberDialog({ member, onClose }: { member: PublicMember; onClose: () => void }) {
  const [details, setDetails] = useState<Details>({ status: "loading" });

  useEffect(() => {
    let current = true;
    setDetails({ status: "loading" });
    getJson(`/api/directory/${encodeURIComponent(member.id)}`, memberSchema).then(
      (full) => current && setDetails({ status: "ready", member: full }),
      (error: Error) => current && setDetails({ status: "failed", message: error.message }),
    );
    return () => {
      current = false;
    };
  }, [member.id]);

  return (
    <Dialog title={member.name} onClose={onClose}>
      {details.status === "loading" && <p role="status">{DIRECTORY_TEXTS.loading}</p>}
      {details.status === "failed" && (
        <p role="alert" className="error-text">
          {details.message}
        </p>
      )}
      {details.status === "ready" && <MemberDetails member={details.member} />}
    </Dialog>
  );
}

const shown = (value: string) => value || "—";

function MemberDetails({ member }: { member: Member }) {
  return (
    <dl>
      <dt>Position</dt>
      <dd>{shown(member.position)}</dd>
      <dt>University</dt>
      <dd>{shown(member.university)}</dd>
      <dt>Address 1</dt>
      <dd>{shown(member.address1)}</dd>
      <dt>Address 2</dt>
      <dd>{shown(member.address2)}</dd>
      <dt>City</dt>
      <dd>{shown(member.city)}</dd>
      <dt>State</dt>
      <dd>{shown(member.state)}</dd>
      <dt>Email</dt>
      <dd>{member.email ? <a href={`mailto:${member.email}`}>{member.email}</a> : shown("")}</dd>
      <dt>Mobile</dt>
      <dd>
        {member.mobile ? <a href={`tel:${member.mobile.replace(/\s/g, "")}`}>{member.mobile}</a> : shown("")}
      </dd>
    </dl>
  );
}
