import { formatIndianDateTime } from "#shared/format-date.ts";
import { dayInIndia } from "#shared/membership/calendar.ts";
import { newsletterIssue } from "../mail/templates/newsletter-issue.server.tsx";
import { renderTemplate } from "../mail/templates/template.server.tsx";
import { copiesOf, getIssue, type Issue, listIssues } from "../newsletter/issues.server.ts";
import { subscriberCounts } from "../newsletter/subscribers.server.ts";

const STATUS_WORDS: Record<Issue["status"], string> = {
  draft: "Draft",
  sending: "Being sent",
  sent: "Sent",
};

/** An issue's id as the store names it; anything else in an address is no issue. */
const ISSUE_ID = /^[a-z0-9]{16,40}$/;

export const findIssue = async (id: string | undefined) => (id && ISSUE_ID.test(id) ? getIssue(id) : null);

/** The issue as every copy is sent, but with a stand-in for each copy's own unsubscribe link. */
export const issueMail = (issue: Issue) =>
  renderTemplate(newsletterIssue, {
    subject: issue.subject,
    text: issue.text,
    attachmentUrl: issue.attachmentUrl,
    unsubscribeUrl: "https://unsubscribe-link.invalid/each-copy-has-its-own",
  });

/** How many subscribers have confirmed: who 'Send to every confirmed subscriber' reaches. */
export const confirmedCount = async () => (await subscriberCounts()).subscribed;

/** The newsletter page: the subscribers' counts and the issues so far, newest first. */
export async function newsletterView() {
  const [counts, issues] = await Promise.all([subscriberCounts(), listIssues()]);
  return {
    counts: {
      confirmed: counts.subscribed,
      pending: counts.pending,
      unsubscribed: counts.unsubscribed,
    },
    issues: issues.map((issue) => ({
      id: issue.id,
      subject: issue.subject,
      // The day in India, as everywhere in the workspace (not UTC's).
      written: dayInIndia(new Date(issue.createdAt)),
      status: STATUS_WORDS[issue.status],
    })),
  };
}

/** One issue's page: what a test and a send would do, how a send stands, the plain-text part. */
export async function issueView(issue: Issue, who: string) {
  const [mail, confirmed] = await Promise.all([issueMail(issue), confirmedCount()]);
  const progress =
    issue.via === "outbox" && issue.status !== "draft"
      ? await copiesOf(issue.id).then(
          (copies) =>
            `${copies.queued} copies queued: ${copies.sent} sent, ${copies.pending} waiting to be sent (tried again every 10 minutes).`,
        )
      : null;
  const how = issue.via === "broadcast" ? " (as a Resend broadcast to the segment)" : "";
  const at = issue.sentAt ? `, ${formatIndianDateTime(issue.sentAt)}` : "";
  return {
    id: issue.id,
    subject: issue.subject,
    who,
    draft: issue.status === "draft",
    confirmed,
    sending:
      issue.status === "draft"
        ? null
        : {
            status: `${STATUS_WORDS[issue.status]}${how}${at}.`,
            progress,
            lastError: issue.lastError ?? null,
          },
    text: mail.text,
  };
}
