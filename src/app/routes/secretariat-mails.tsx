import { MailsPage } from "#features/secretariat/mails-page.tsx";
import { mailTemplates } from "#server/mail/templates/registry.server.ts";
import { workspaceMeta } from "../page-meta.ts";
import type { Route } from "./+types/secretariat-mails";

/** Every e-mail the site sends, rendered with its made-up sample data: subject and plain-text part. */
export async function loader() {
  return {
    mails: await Promise.all(
      mailTemplates.map(async (template) => {
        const mail = await template.render();
        return { name: template.name, title: template.title, subject: mail.subject, text: mail.text };
      }),
    ),
  };
}

export const meta: Route.MetaFunction = (args) => workspaceMeta(args, "E-mail templates");

export default function SecretariatMails({ loaderData }: Route.ComponentProps) {
  return <MailsPage mails={loaderData.mails} />;
}
