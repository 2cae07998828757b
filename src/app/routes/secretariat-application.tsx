import { redirect } from "react-router";
import { postToServer } from "#components/forms/client-action.ts";
import { ApplicationPage } from "#features/secretariat/application-page.tsx";
import { applicationForm, findApplication } from "#server/secretariat/application-form.server.ts";
import { applicationView } from "#server/secretariat/application-view.server.ts";
import { notFound, workspaceAction } from "#server/secretariat/workspace.server.ts";
import { applicationPath } from "#shared/secretariat-paths.ts";
import { workspaceMeta } from "../page-meta.ts";
import type { Route } from "./+types/secretariat-application";

export async function loader({ params, url }: Route.LoaderArgs) {
  const account = await findApplication(params.key);
  if (!account) notFound("There is no such application.");
  // An address written down before its member changed e-mail address: the application's page now.
  if (account.key !== params.key) throw redirect(`${applicationPath(account.key)}${url.search}`, 301);
  return applicationView(account);
}

/** 'Payment received', 'Reject', 'Record a payment': the form the address names (?do=). */
export const action = workspaceAction(
  ({ params }) => findApplication(params.key),
  (account, session, url) => applicationForm(url.searchParams.get("do"), account, session),
);
export const clientAction = postToServer;

export const meta: Route.MetaFunction = (args) =>
  workspaceMeta(args, args.loaderData ? `Application ${args.loaderData.applicationId}` : "Application");

export default function SecretariatApplication({ loaderData }: Route.ComponentProps) {
  return <ApplicationPage {...loaderData} />;
}
