import { findIssue, issueMail } from "#server/secretariat/issue-view.server.ts";
import { mailFrame } from "#server/secretariat/mail-frame.server.ts";
import { NO_ISSUE } from "#server/secretariat/newsletter-form.server.ts";
import { notFound } from "#server/secretariat/workspace.server.ts";
import type { Route } from "./+types/secretariat-newsletter-frame";

/** The issue's HTML for its preview frame: the e-mail alone, under a policy that lets it do nothing. */
export async function loader({ params }: Route.LoaderArgs) {
  const issue = await findIssue(params.issue);
  if (!issue) notFound(NO_ISSUE);
  return mailFrame((await issueMail(issue)).html);
}
