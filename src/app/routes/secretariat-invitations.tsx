import { postToServer } from "#components/forms/client-action.ts";
import { InvitationsPage } from "#features/secretariat/invitations-page.tsx";
import { invitationCounts, REMINDER_AFTER_DAYS } from "#server/secretariat/invitations.server.ts";
import { invitationForm } from "#server/secretariat/invitations-form.server.ts";
import { workspaceAction } from "#server/secretariat/workspace.server.ts";
import { workspaceMeta } from "../page-meta.ts";
import type { Route } from "./+types/secretariat-invitations";

export async function loader() {
  return { counts: await invitationCounts(), reminderAfterDays: REMINDER_AFTER_DAYS };
}

/** 'Invite' (with its filter) and 'Send the reminder': the press the address names (?do=). */
export const action = workspaceAction(
  async () => true,
  (_found, session, url) => invitationForm(url.searchParams.get("do"), session),
);
export const clientAction = postToServer;

export const meta: Route.MetaFunction = (args) => workspaceMeta(args, "Invitations");

export default function SecretariatInvitations({ loaderData }: Route.ComponentProps) {
  return <InvitationsPage {...loaderData} />;
}
