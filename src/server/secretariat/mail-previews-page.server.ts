import { findTemplate, mailTemplates } from "../mail/templates/registry.server.ts";
import { mailFrame } from "./mail-frame.server.ts";
import { markup } from "./markup.server.ts";
import type { PageContent, PageRequest } from "./pages.server.ts";
import { notFoundPage } from "./shell.server.ts";

export const PREVIEWS_PATH = "/secretariat/mails";

/**
 * Every e-mail the site sends, with made-up sample data: subject and plain-text part here, and
 * each one's own page with the e-mail itself in a frame. One frame a page: each frame is a request
 * of its own to the workspace, with its session check.
 */
export async function mailPreviewsPage(): Promise<PageContent> {
  const previews = await Promise.all(
    mailTemplates.map(async (template) => {
      const mail = await template.render();
      return markup`<section class="ws-card ws-mail" aria-labelledby="${template.name}-title">
<h2 id="${template.name}-title">${template.title}</h2>
<p><span class="ws-muted">Subject:</span> ${mail.subject}</p>
<p><a href="${PREVIEWS_PATH}/${template.name}">See the e-mail<span class="visually-hidden">: ${template.title}</span></a></p>
<details><summary>Plain-text part<span class="visually-hidden">: ${template.title}</span></summary><pre class="ws-mail-text">${mail.text}</pre></details>
</section>`;
    }),
  );
  return {
    title: "E-mail templates",
    body: markup`<p>Every e-mail the site sends, shown with made-up sample data. Each is sent as HTML with the plain-text part beside it.</p>
${previews}`,
  };
}

/** One template: the e-mail as sent, in a sandboxed frame, and its plain-text part. */
export async function mailPreviewPage({ params }: PageRequest): Promise<PageContent> {
  const template = findTemplate(params[0] ?? "");
  if (!template) return notFoundPage("There is no e-mail template of that name.");
  const mail = await template.render();
  return {
    title: template.title,
    body: markup`<p><a href="${PREVIEWS_PATH}">All e-mail templates</a></p>
<p><span class="ws-muted">Subject:</span> ${mail.subject}</p>
<iframe class="ws-mail-frame" src="${PREVIEWS_PATH}/${template.name}/html" sandbox="" title="${template.title}: the e-mail as sent"></iframe>
<h2>Plain-text part</h2>
<pre class="ws-mail-text">${mail.text}</pre>`,
  };
}

/** One template's HTML, for its preview frame. */
export async function mailPreviewFrame({ params }: PageRequest): Promise<PageContent> {
  const template = findTemplate(params[0] ?? "");
  if (!template) return notFoundPage("There is no e-mail template of that name.");
  return mailFrame((await template.render()).html);
}
