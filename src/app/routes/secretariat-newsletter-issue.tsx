import { postToServer } from "#components/forms/client-action.ts";
import { IssuePage } from "#features/secretariat/issue-page.tsx";
import { findIssue, issueView } from "#server/secretariat/issue-view.server.ts";
import { issueForm, NO_ISSUE } from "#server/secretariat/newsletter-form.server.ts";
import { notFound, workspaceAction, workspaceSession } from "#server/secretariat/workspace.server.ts";
import { workspaceMeta } from "../page-meta.ts";
import type { Route } from "./+types/secretariat-newsletter-issue";

export async function loader({ params, context }: Route.LoaderArgs) {
  const issue = await findIssue(params.issue);
  if (!issue) notFound(NO_ISSUE);
  return issueView(issue, context.get(workspaceSession).who);
}

/** 'Send a test to myself' and 'Send to every confirmed subscriber' (?do=test, ?do=send). */
export const action = workspaceAction(
  async () => true,
  (_found, session, url) => issueForm(url.searchParams.get("do"), session),
);
export const clientAction = postToServer;

export const meta: Route.MetaFunction = (args) =>
  workspaceMeta(args, args.loaderData?.subject ?? "Newsletter issue");

export default function SecretariatNewsletterIssue({ loaderData }: Route.ComponentProps) {
  return <IssuePage {...loaderData} />;
}
