import { MailPage } from "#features/secretariat/mails-page.tsx";
import { findTemplate } from "#server/mail/templates/registry.server.ts";
import { notFound } from "#server/secretariat/workspace.server.ts";
import { workspaceMeta } from "../page-meta.ts";
import type { Route } from "./+types/secretariat-mail";

export async function loader({ params }: Route.LoaderArgs) {
  const template = findTemplate(params.name);
  if (!template) notFound("There is no e-mail template of that name.");
  const mail = await template.render();
  return { mail: { name: template.name, title: template.title, subject: mail.subject, text: mail.text } };
}

export const meta: Route.MetaFunction = (args) =>
  workspaceMeta(args, args.loaderData?.mail.title ?? "E-mail template");

export default function SecretariatMail({ loaderData }: Route.ComponentProps) {
  return <MailPage mail={loaderData.mail} />;
}
