import { postToServer } from "#components/forms/client-action.ts";
import { MessagesPage } from "#features/secretariat/messages-page.tsx";
import { fieldsOf, kindName, when } from "#server/secretariat/display.server.ts";
import {
  DEFAULT_KIND,
  failedMails,
  findSubmission,
  isMailFilter,
  newestSubmissions,
  submissionKinds,
} from "#server/secretariat/messages.server.ts";
import { resendForm } from "#server/secretariat/resend-form.server.ts";
import { workspaceAction } from "#server/secretariat/workspace.server.ts";
import { workspaceMeta } from "../page-meta.ts";
import type { Route } from "./+types/secretariat-messages";

/**
 * Stored submissions of the kind the address asks for (?kind=, contact messages by default; an
 * empty kind: every kind), and of those only the ones whose e-mails wait for a retry or were given
 * up on when it asks (?mail=pending|failed: the overview's links). Only what the page shows leaves
 * the server: never an e-mail's body, which may carry a single-use link.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const kinds = await submissionKinds();
  const mailAsked = search.get("mail");
  const mail = isMailFilter(mailAsked) ? mailAsked : "";
  const asked = search.get("kind") ?? (mail ? "" : DEFAULT_KIND);
  const kind = asked === "" || kinds.has(asked) ? asked : DEFAULT_KIND;
  const records = await newestSubmissions({ kind, mail });
  // In the order of their names in words, which is what the list shows. The default kind is
  // always there, none of it stored or not, so the list names what the page shows.
  const names = [...new Set([DEFAULT_KIND, ...kinds.keys()])].sort((a, b) =>
    kindName(a).localeCompare(kindName(b), "en"),
  );
  return {
    kinds: names.map((name) => ({
      name,
      label: kindName(name),
      count: kinds.get(name) ?? 0,
    })),
    kind,
    mail,
    items: records.map((record) => ({
      kind: record.kind,
      id: record.id,
      title: `${kindName(record.kind)}, ${when(record.receivedAt)}`,
      fields: fieldsOf(record.data, record.kind),
      mails: Object.entries(record.mails).map(([name, state]) => ({
        name,
        text: `${name}: ${state.mail.subject} to ${state.mail.to.join(", ")}`,
        status: state.status === "sent" ? "sent" : `not sent after ${state.attempts} tries`,
        failed: state.status !== "sent",
        lastError: state.lastError ?? null,
      })),
      failed: failedMails(record).length > 0,
    })),
  };
}

/** 'Send again' on the submission the address names (?do=resend&kind=&id=). */
export const action = workspaceAction(
  async ({ request }) => {
    const search = new URL(request.url).searchParams;
    if (search.get("do") !== "resend") return null;
    return findSubmission(search.get("kind") ?? "", search.get("id") ?? "");
  },
  (record, session) => resendForm(record, session),
);
export const clientAction = postToServer;

export const meta: Route.MetaFunction = (args) => workspaceMeta(args, "Messages");

export default function SecretariatMessages({ loaderData }: Route.ComponentProps) {
  return <MessagesPage {...loaderData} />;
}
