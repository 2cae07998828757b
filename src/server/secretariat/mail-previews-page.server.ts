import { findTemplate, mailTemplates } from "../mail/templates/registry.server.ts";
import { mailFrame } from "./mail-frame.server.ts";
import { markup } from "./markup.server.ts";
import type { PageContent, PageRequest } from "./pages.server.ts";
import { notFoundPage } from "./shell.server.ts";

export const PREVIEWS_PATH = "/secretariat/mails";

/** Every e-mail the site sends, rendered with fictional sample data, as members receive it. */
export async function mailPreviewsPage(): Promise<PageContent> {
  const previews = await Promise.all(
    mailTemplates.map(async (template) => {
      const mail = await template.render();
      return markup`<section class="ws-card ws-mail" id="${template.name}" aria-labelledby="${template.name}-title">
<h2 id="${template.name}-title">${template.title}</h2>
<p><span class="ws-muted">Subject:</span> ${mail.subject}</p>
<iframe class="ws-mail-frame" src="${PREVIEWS_PATH}/${template.name}/html" sandbox="" loading="lazy" title="${template.title}: the e-mail as sent"></iframe>
<details><summary>Plain-text part</summary><pre class="ws-mail-text">${mail.text}</pre></details>
</section>`;
    }),
  );
  return {
    title: "E-mail templates",
    body: markup`<p>Every e-mail the site sends, shown with made-up sample data. Each is sent as HTML with the plain-text part beside it.</p>
<ul class="ws-sections">${mailTemplates.map((template) => markup`<li><a href="#${template.name}">${template.title}</a></li>`)}</ul>
${previews}`,
  };
}

/** One template's HTML, for its preview frame. */
export async function mailPreviewFrame({ params }: PageRequest): Promise<PageContent> {
  const template = findTemplate(params[0] ?? "");
  if (!template) return notFoundPage("There is no e-mail template of that name.");
  return mailFrame((await template.render()).html);
}
