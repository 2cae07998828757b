import { postToServer } from "#components/forms/client-action.ts";
import { HeldPage } from "#features/secretariat/held-page.tsx";
import { fieldsOf, kindName, when } from "#server/secretariat/display.server.ts";
import { heldSubmissions, releasable } from "#server/secretariat/held.server.ts";
import { findHeldTarget, heldForm } from "#server/secretariat/held-form.server.ts";
import { workspaceAction } from "#server/secretariat/workspace.server.ts";
import { workspaceMeta } from "../page-meta.ts";
import type { Route } from "./+types/secretariat-held";

export async function loader() {
  const held = await heldSubmissions();
  return {
    items: held.map((record) => ({
      kind: record.kind,
      id: record.id,
      title: `${kindName(record.kind)}, ${when(record.receivedAt)}`,
      reason: record.reason,
      fields: fieldsOf(record.data, record.kind),
      releasable: releasable(record.kind),
    })),
  };
}

/** 'Not spam' or 'Delete' on the held submission the address names (?do=&kind=&id=). */
export const action = workspaceAction(
  ({ request }) => {
    const search = new URL(request.url).searchParams;
    return findHeldTarget(search.get("kind") ?? "", search.get("id") ?? "");
  },
  (record, session, url) => heldForm(url.searchParams.get("do"), record, session),
);
export const clientAction = postToServer;

export const meta: Route.MetaFunction = (args) => workspaceMeta(args, "Held back");

export default function SecretariatHeld({ loaderData }: Route.ComponentProps) {
  return <HeldPage {...loaderData} />;
}
