import { postToServer } from "#components/forms/client-action.ts";
import { MergePage } from "#features/secretariat/merge-page.tsx";
import { findRecord, recordOf } from "#server/register/merge.server.ts";
import { mergeForm } from "#server/register/merge-form.server.ts";
import { workspaceAction } from "#server/secretariat/workspace.server.ts";
import { workspaceMeta } from "../page-meta.ts";
import type { Route } from "./+types/secretariat-register-merge";

/** The two records named in the address (?keep=&merge=: a member number, an address or an application id). */
export async function loader({ request }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const keepText = (search.get("keep") ?? "").slice(0, 254);
  const mergeText = (search.get("merge") ?? "").slice(0, 254);
  const [keep, merge] = await Promise.all([findRecord(keepText), findRecord(mergeText)]);
  return {
    keepText,
    mergeText,
    keep: keep ? recordOf(keep) : null,
    merge: merge ? recordOf(merge) : null,
  };
}

/** 'Merge' (?do=merge). */
export const action = workspaceAction(
  async () => true,
  (_found, session, url) => (url.searchParams.get("do") === "merge" ? mergeForm(session) : null),
);
export const clientAction = postToServer;

export const meta: Route.MetaFunction = (args) => workspaceMeta(args, "Merge two records");

export default function SecretariatRegisterMerge({ loaderData }: Route.ComponentProps) {
  return <MergePage {...loaderData} />;
}
