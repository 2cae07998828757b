import { fieldsOf } from "./held-page.server.ts";
import { markup } from "./markup.server.ts";
import { DEFAULT_KIND, failedMails, submissionKinds, submissionsOf } from "./messages.server.ts";
import type { PageContent, PageRequest } from "./pages.server.ts";
import { when } from "./view-parts.server.ts";

export const MESSAGES_PATH = "/secretariat/messages";

/**
 * Submissions of one kind (contact messages first; any kind the site stores can be chosen),
 * newest first, each with its fields and the delivery of its e-mails; 'Send again' where one failed.
 * E-mail bodies are never shown: some carry a member's single-use links.
 */
export async function messagesPage({ url }: PageRequest): Promise<PageContent> {
  const kinds = await submissionKinds();
  const asked = url.searchParams.get("kind") ?? DEFAULT_KIND;
  const kind = kinds.has(asked) ? asked : DEFAULT_KIND;
  const records = await submissionsOf(kinds.get(kind) ?? []);
  const options = [...kinds.keys()]
    .sort()
    .map(
      (name) =>
        markup`<option value="${name}"${name === kind ? markup` selected` : ""}>${name} (${kinds.get(name)?.length ?? 0})</option>`,
    );
  const items = records.map((record) => {
    const failed = failedMails(record).length > 0;
    return markup`<li class="ws-card"><h2>${record.kind}, ${when(record.receivedAt)}</h2>
<dl class="ws-record">${fieldsOf(record.data).map(([label, value]) => markup`<dt>${label}</dt><dd>${value}</dd>`)}</dl>
<h3>E-mails</h3>
<ul>${Object.entries(record.mails).map(
      ([name, state]) =>
        markup`<li>${name}: ${state.mail.subject} to ${state.mail.to.join(", ")}: <span class="${state.status === "sent" ? "" : "ws-failed"}">${state.status === "sent" ? "sent" : `not sent after ${state.attempts} tries`}</span>${state.lastError ? ` (${state.lastError})` : ""}</li>`,
    )}</ul>
${failed ? markup`<form method="post" action="/api/secretariat/messages/${record.kind}/${record.id}/resend"><button type="submit">Send again</button></form>` : ""}
</li>`;
  });
  return {
    title: "Messages",
    body: markup`<form method="get" action="${MESSAGES_PATH}" class="ws-inline">
<div class="field"><label for="kind">Kind</label><select id="kind" name="kind">${options.length > 0 ? options : markup`<option value="contact">contact (0)</option>`}</select></div>
<button type="submit">Show</button>
</form>
${items.length > 0 ? markup`<ul class="ws-list">${items}</ul>` : markup`<p>None yet.</p>`}`,
  };
}
