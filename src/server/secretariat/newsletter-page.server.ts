import { ISSUE_SUBJECT_MAX, ISSUE_TEXT_MAX } from "#shared/schemas/newsletter-issue.ts";
import { newsletterIssue } from "../mail/templates/newsletter-issue.server.tsx";
import { renderTemplate } from "../mail/templates/template.server.tsx";
import { copiesOf, getIssue, type Issue, listIssues } from "../newsletter/issues.server.ts";
import { allSubscribers } from "../newsletter/subscribers.server.ts";
import { mailFrame } from "./mail-frame.server.ts";
import { markup } from "./markup.server.ts";
import type { PageContent, PageRequest } from "./pages.server.ts";
import { notFoundPage } from "./shell.server.ts";

export const NEWSLETTER_PATH = "/secretariat/newsletter";
export const NEWSLETTER_API = {
  compose: "/api/secretariat/newsletter/compose",
  test: "/api/secretariat/newsletter/test",
  send: "/api/secretariat/newsletter/send",
  csv: "/api/secretariat/newsletter/subscribers.csv",
} as const;

export const issuePath = (id: string) => `${NEWSLETTER_PATH}/${id}`;

const STATUS_WORDS: Record<Issue["status"], string> = {
  draft: "Draft",
  sending: "Being sent",
  sent: "Sent",
};

/** Counts, the export, the compose form and the issues so far. */
export async function newsletterPage(): Promise<PageContent> {
  const [subscribers, issues] = await Promise.all([allSubscribers(), listIssues()]);
  const count = (status: string) => subscribers.filter((subscriber) => subscriber.status === status).length;
  const rows = issues.map(
    (issue) =>
      markup`<tr><td><a href="${issuePath(issue.id)}">${issue.subject}</a></td><td>${issue.createdAt.slice(0, 10)}</td><td class="ws-status">${STATUS_WORDS[issue.status]}</td></tr>`,
  );
  return {
    title: "Newsletter",
    body: markup`<h2>Subscribers</h2>
<dl class="ws-record ws-counts">
<dt>Confirmed</dt><dd data-count="confirmed">${count("subscribed")}</dd>
<dt>Pending (not confirmed yet)</dt><dd data-count="pending">${count("pending")}</dd>
<dt>Unsubscribed</dt><dd data-count="unsubscribed">${count("unsubscribed")}</dd>
</dl>
<p><a class="ws-button" href="${NEWSLETTER_API.csv}" download="subscribers.csv">Download the list (CSV)</a></p>
<h2>Compose an issue</h2>
<p>Write the text as plain paragraphs, a blank line between them; links written out in full (https://…) become clickable. Every copy ends with its own unsubscribe link. You can send a test to yourself before sending it to everyone.</p>
<form method="post" action="${NEWSLETTER_API.compose}" class="ws-form" novalidate>
<div class="field"><label for="subject">Subject</label>
<input id="subject" name="subject" type="text" required maxlength="${ISSUE_SUBJECT_MAX}"></div>
<div class="field"><label for="text">Text</label>
<textarea id="text" name="text" rows="12" required maxlength="${ISSUE_TEXT_MAX}"></textarea></div>
<div class="field"><label for="attachmentUrl">Attachment link (optional)</label>
<p id="attachmentUrl-hint" class="ws-muted">A full https:// link to a file already online, such as the issue's PDF.</p>
<input id="attachmentUrl" name="attachmentUrl" type="url" inputmode="url" aria-describedby="attachmentUrl-hint" maxlength="2000"></div>
<button type="submit">Save and preview</button>
</form>
<h2>Issues</h2>
${
  issues.length === 0
    ? markup`<p>No issue yet.</p>`
    : markup`<div class="ws-table-wrap"><table><thead><tr><th scope="col">Subject</th><th scope="col">Written</th><th scope="col">Status</th></tr></thead><tbody>${rows}</tbody></table></div>`
}`,
  };
}

const issueMail = (issue: Issue) =>
  renderTemplate(newsletterIssue, {
    subject: issue.subject,
    text: issue.text,
    attachmentUrl: issue.attachmentUrl,
    unsubscribeUrl: "https://unsubscribe-link.invalid/each-copy-has-its-own",
  });

/** One issue: its preview, 'Send a test to myself', 'Send to every confirmed subscriber', progress. */
export async function issuePage({ params, session }: PageRequest): Promise<PageContent> {
  const issue = await getIssue(params[0] ?? "");
  if (!issue) return notFoundPage("There is no newsletter issue with that id.");
  const [mail, subscribers] = await Promise.all([issueMail(issue), allSubscribers()]);
  const confirmed = subscribers.filter((subscriber) => subscriber.status === "subscribed").length;
  const hidden = markup`<input type="hidden" name="issue" value="${issue.id}">`;
  const progress =
    issue.via === "outbox" && issue.status !== "draft"
      ? await copiesOf(issue.id).then(
          (copies) =>
            markup`<p>${copies.queued} copies queued: ${copies.sent} sent, ${copies.pending} waiting to be sent (tried again every 10 minutes).</p>`,
        )
      : "";
  const sending =
    issue.status === "draft"
      ? markup`<form method="post" action="${NEWSLETTER_API.send}" class="ws-inline">${hidden}<button type="submit">Send to every confirmed subscriber (${confirmed})</button></form>`
      : markup`<p class="ws-status">${STATUS_WORDS[issue.status]}${issue.via === "broadcast" ? " (as a Resend broadcast to the segment)" : ""}${issue.sentAt ? `, ${issue.sentAt.slice(0, 16).replace("T", " ")} UTC` : ""}.</p>${progress}${
          issue.lastError
            ? markup`<p class="ws-failed">Last problem: ${issue.lastError}. It is tried again every 10 minutes.</p>`
            : ""
        }`;
  return {
    title: issue.subject,
    body: markup`<p><a href="${NEWSLETTER_PATH}">All issues</a></p>
<div class="ws-actions">
<div class="ws-card"><h2>Test</h2><p>Sends this issue to ${session.who}, marked [Test].</p>
<form method="post" action="${NEWSLETTER_API.test}">${hidden}<button type="submit" class="ws-secondary">Send a test to myself</button></form></div>
<div class="ws-card"><h2>Send</h2>${sending}</div>
</div>
<h2>Preview</h2>
<iframe class="ws-mail-frame" src="${issuePath(issue.id)}/html" sandbox="" title="Preview of the issue as sent"></iframe>
<details><summary>Plain-text part</summary><pre class="ws-mail-text">${mail.text}</pre></details>`,
  };
}

/** The issue's HTML, for its preview frame. */
export async function issueFrame({ params }: PageRequest): Promise<PageContent> {
  const issue = await getIssue(params[0] ?? "");
  if (!issue) return notFoundPage("There is no newsletter issue with that id.");
  return mailFrame((await issueMail(issue)).html);
}
