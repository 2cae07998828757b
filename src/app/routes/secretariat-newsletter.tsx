import { postToServer } from "#components/forms/client-action.ts";
import { NewsletterPage } from "#features/secretariat/newsletter-page.tsx";
import { newsletterView } from "#server/secretariat/issue-view.server.ts";
import { composeForm, issueForm } from "#server/secretariat/newsletter-form.server.ts";
import { workspaceAction } from "#server/secretariat/workspace.server.ts";
import { workspaceMeta } from "../page-meta.ts";
import type { Route } from "./+types/secretariat-newsletter";

export const loader = () => newsletterView();

/**
 * 'Save and preview'. A test or a send posted to the JSON API without JavaScript is passed on
 * here (the API knows the issue only from the body), so this action takes those as well (?do=).
 */
export const action = workspaceAction(
  async () => true,
  (_found, session, url) => {
    const press = url.searchParams.get("do");
    return press === null ? composeForm(session) : issueForm(press, session);
  },
);
export const clientAction = postToServer;

export const meta: Route.MetaFunction = (args) => workspaceMeta(args, "Newsletter");

export default function SecretariatNewsletter({ loaderData }: Route.ComponentProps) {
  return <NewsletterPage {...loaderData} />;
}
