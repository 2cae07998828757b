import { findTemplate } from "#server/mail/templates/registry.server.ts";
import { mailFrame } from "#server/secretariat/mail-frame.server.ts";
import { notFound } from "#server/secretariat/workspace.server.ts";
import type { Route } from "./+types/secretariat-mail-frame";

/** One template's HTML for its preview frame: the e-mail alone, under a policy that lets it do nothing. */
export async function loader({ params }: Route.LoaderArgs) {
  const template = findTemplate(params.name);
  if (!template) notFound("There is no e-mail template of that name.");
  return mailFrame((await template.render()).html);
}
