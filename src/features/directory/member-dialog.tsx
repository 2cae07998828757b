import { useEffect, useState } from "react";
import { getJson, objectWith } from "#client/api-client.ts";
import { Dialog } from "#components/ui/dialog.tsx";
import type { MemberDetails } from "#shared/api/directory.ts";
import { DIRECTORY_TEXTS } from "#shared/directory-constants.ts";
import {
  directoryMemberPath,
  MEMBERS_ONLY_CONTACTS,
  NOT_SHARED,
  SIGN_IN_FOR_CONTACTS,
} from "#shared/member-privacy.ts";
import { loginReturningTo } from "#shared/return-path.ts";
import type { PublicMember } from "#shared/schemas/directory.ts";

const memberDetails = objectWith<MemberDetails>("id", "name", "contacts");

type Details =
  | { status: "loading" }
  | { status: "ready"; member: MemberDetails }
  | { status: "failed"; message: string };

/**
 * One member's details, fetched when the dialog opens: the list never carries contact details, and
 * the answer has them only for a signed-in member whose membership is active (decision 0015).
 */
export function MemberDialog({ member, onClose }: { member: PublicMember; onClose: () => void }) {
  const [details, setDetails] = useState<Details>({ status: "loading" });

  useEffect(() => {
    let current = true;
    setDetails({ status: "loading" });
    getJson(`/api/directory/${encodeURIComponent(member.id)}`, memberDetails).then(
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
      {details.status === "ready" && (
        <MemberDetailsList member={details.member} returnTo={directoryMemberPath(details.member.id)} />
      )}
    </Dialog>
  );
}

const shown = (value: string) => value || "—";
/** A detail the member hid is absent from the answer; one the sheet leaves empty is "". */
const detail = (value: string | undefined) => (value === undefined ? NOT_SHARED : shown(value));

/**
 * One member's details as the answer gives them: in the dialog, and on the member's own page
 * without JavaScript. `returnTo`: where signing in to see the contacts comes back to.
 */
export function MemberDetailsList({ member, returnTo }: { member: MemberDetails; returnTo: string }) {
  if (member.contacts !== "shown")
    return (
      <>
        <PublicDetails member={member} />
        <p>
          {member.contacts === "sign-in" ? (
            <a href={loginReturningTo(returnTo)}>{SIGN_IN_FOR_CONTACTS}</a>
          ) : (
            MEMBERS_ONLY_CONTACTS
          )}
        </p>
      </>
    );
  return (
    <dl>
      <dt>Position</dt>
      <dd>{shown(member.position)}</dd>
      <dt>University</dt>
      <dd>{shown(member.university)}</dd>
      <dt>Address 1</dt>
      <dd>{detail(member.address1)}</dd>
      <dt>Address 2</dt>
      <dd>{detail(member.address2)}</dd>
      <dt>City</dt>
      <dd>{shown(member.city)}</dd>
      <dt>State</dt>
      <dd>{shown(member.state)}</dd>
      <dt>Email</dt>
      <dd>{member.email ? <a href={`mailto:${member.email}`}>{member.email}</a> : detail(member.email)}</dd>
      <dt>Mobile</dt>
      <dd>
        {member.mobile ? (
          <a href={`tel:${member.mobile.replace(/\s/g, "")}`}>{member.mobile}</a>
        ) : (
          detail(member.mobile)
        )}
      </dd>
    </dl>
  );
}

function PublicDetails({ member }: { member: PublicMember }) {
  return (
    <dl>
      <dt>Position</dt>
      <dd>{shown(member.position)}</dd>
      <dt>University</dt>
      <dd>{shown(member.university)}</dd>
      <dt>City</dt>
      <dd>{shown(member.city)}</dd>
      <dt>State</dt>
      <dd>{shown(member.state)}</dd>
    </dl>
  );
}
