import { postToServer } from "#components/forms/client-action.ts";
import { NewsletterPage } from "#features/secretariat/newsletter-page.tsx";
import { newsletterView } from "#server/secretariat/issue-view.server.ts";
import { composeForm } from "#server/secretariat/newsletter-form.server.ts";
import { workspaceAction } from "#server/secretariat/workspace.server.ts";
import { workspaceMeta } from "../page-meta.ts";
import type { Route } from "./+types/secretariat-newsletter";

export const loader = () => newsletterView();

/** 'Save and preview': the one form on this page (an issue's test and send are on its own page). */
export const action = workspaceAction(
  async () => true,
  (_found, session, url) => (url.searchParams.has("do") ? null : composeForm(session)),
);
export const clientAction = postToServer;

export const meta: Route.MetaFunction = (args) => workspaceMeta(args, "Newsletter");

export default function SecretariatNewsletter({ loaderData }: Route.ComponentProps) {
  return <NewsletterPage {...loaderData} />;
}
