import { PAYMENT_FORM } from "#shared/forms/payment-fields.ts";
import { membershipOf } from "../membership/membership.server.ts";
import { applicationAccount } from "./application-actions.server.ts";
import { applicationDetail } from "./application-detail.server.ts";
import { indexedAccounts } from "./application-index.server.ts";
import {
  APPLICATION_STATUSES,
  type ApplicationQuery,
  amountText,
  findApplications,
  readQuery,
} from "./applications.server.ts";
import { markup } from "./markup.server.ts";
import { confirmedPayments, membershipPaymentForm } from "./membership-payment-form.server.ts";
import type { PageContent, PageRequest } from "./pages.server.ts";
import { notFoundPage } from "./shell.server.ts";
import { field, record, rupees, table, when } from "./view-parts.server.ts";

export const APPLICATIONS_PATH = "/secretariat/applications";
const { amount } = PAYMENT_FORM;

const listUrl = (query: ApplicationQuery, page: number) => {
  const params = new URLSearchParams();
  if (query.search) params.set("q", query.search);
  if (query.status) params.set("status", query.status);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `${APPLICATIONS_PATH}?${search}` : APPLICATIONS_PATH;
};

/** Every application: a GET form to search and filter (a URL to bookmark), a table, pages of 50. */
export async function applicationsPage({ url }: PageRequest): Promise<PageContent> {
  const query = readQuery(url.searchParams);
  const found = findApplications(await indexedAccounts(), query);
  const options = Object.entries(APPLICATION_STATUSES).map(
    ([value, label]) =>
      markup`<option value="${value}"${value === query.status ? markup` selected` : ""}>${label}</option>`,
  );
  const rows = found.rows.map(
    (row) =>
      markup`<tr><td>${when(row.submittedAt)}</td><td><a href="${APPLICATIONS_PATH}/${row.key}">${row.name}</a></td><td>${row.email}</td><td>${row.type}</td><td class="ws-status">${row.statusLabel}</td><td>${amountText(row)}</td><td>${row.reference}</td></tr>`,
  );
  const pager = markup`<nav class="ws-pager" aria-label="Pages of applications">
${found.page > 1 ? markup`<a href="${listUrl(query, found.page - 1)}" rel="prev">Previous page</a>` : ""}
<span>Page ${found.page} of ${found.pages}</span>
${found.page < found.pages ? markup`<a href="${listUrl(query, found.page + 1)}" rel="next">Next page</a>` : ""}
</nav>`;
  return {
    title: "Applications",
    body: markup`<form method="get" action="${APPLICATIONS_PATH}" class="ws-inline" role="search">
<div class="field"><label for="q">Name, e-mail, member number or reference</label><input id="q" name="q" type="search" value="${query.search}" maxlength="200"></div>
<div class="field"><label for="status">Status</label><select id="status" name="status"><option value="">Any status</option>${options}</select></div>
<button type="submit">Search</button>
</form>
<p role="status">${found.total} application${found.total === 1 ? "" : "s"} found, newest first.</p>
${found.total > 0 ? table("Applications", ["Date", "Name", "E-mail", "Type", "Status", "Amount due", "Reference"], rows) : ""}
${pager}`,
  };
}

/** One application in full, with its e-mails, payment, history and the actions it allows. */
export async function applicationPage({ params }: PageRequest): Promise<PageContent> {
  const account = await applicationAccount(params[0] ?? "");
  if (!account) return notFoundPage("There is no such application.");
  const detail = await applicationDetail(account);
  const { row } = detail;
  const action = `/api/secretariat/applications/${account.key}`;
  const open = row.status === "pending-payment" && !detail.payment;
  const today = new Date().toISOString().slice(0, 10);
  const later = open ? "" : membershipPaymentForm(account, membershipOf(account));
  const actions = later
    ? markup`<h2>Actions</h2><div class="ws-actions">${later}</div>`
    : open
      ? markup`<h2>Actions</h2><div class="ws-actions">
<form method="post" action="${action}/payment" class="ws-card ws-form">
<h3>Payment received</h3>
<p>Activates the membership and e-mails the member, as the approval link does.</p>
${field("amount", amount.label, "input", { inputmode: "numeric", required: true, maxlength: amount.max, pattern: amount.pattern, autocomplete: amount.autoComplete }, typeof row.amountDue === "number" ? String(row.amountDue) : "")}
${field("date", "Date received", "input", { type: "date", required: true }, today)}
<p>Payment reference to look for: <strong>${row.reference}</strong></p>
${field("bankReference", "Bank reference", "input", { required: true, maxlength: 80, autocomplete: "off" })}
<button type="submit">Payment received</button>
</form>
<form method="post" action="${action}/reject" class="ws-card ws-form">
<h3>Reject</h3>
<p>The applicant is e-mailed the reason.</p>
${field("reason", "Reason", "textarea", { required: true, maxlength: 2000, rows: 4 })}
<button type="submit" class="ws-danger">Reject</button>
</form>
</div>`
      : "";
  return {
    title: `Application ${row.applicationId}`,
    body: markup`<p><a href="${APPLICATIONS_PATH}">All applications</a></p>
${record([
  ["Status", row.statusLabel],
  ["Name", row.name],
  ["E-mail", row.email],
  ["Type", row.type],
  ["Received", when(row.submittedAt)],
  ["Amount due", amountText(row)],
  ["Payment reference", row.reference],
  ...(row.memberNumber ? ([["Member number", row.memberNumber]] as [string, string][]) : []),
  ...(account.activatedAt ? ([["Activated", when(account.activatedAt)]] as [string, string][]) : []),
])}
${
  detail.payment
    ? markup`<h2>Payment</h2>${record([
        ["Amount", rupees(detail.payment.amount)],
        ["Date received", detail.payment.date],
        ["Bank reference", detail.payment.bankReference],
        ["Recorded by", `${detail.payment.recordedBy}, ${when(detail.payment.recordedAt)}`],
      ])}`
    : ""
}
${
  detail.rejected
    ? markup`<h2>Rejected</h2>${record([
        ["Reason", detail.rejected.reason],
        ["By", `${detail.rejected.by}, ${when(detail.rejected.at)}`],
      ])}`
    : ""
}
${confirmedPayments(account)}
${actions}
<h2>The application as sent</h2>
${detail.fields.length > 0 ? record(detail.fields) : markup`<p>The application's record is not stored.</p>`}
<h2>Its e-mails</h2>
${
  detail.mails.length > 0
    ? markup`<ul>${detail.mails.map((mail) => markup`<li>${mail.subject} to ${mail.to.join(", ")}: <span class="${mail.status === "sent" ? "" : "ws-failed"}">${mail.status}</span>${mail.lastError ? ` (${mail.lastError})` : ""}</li>`)}</ul>`
    : markup`<p>None yet.</p>`
}
<h2>History</h2>
${
  detail.history.length > 0
    ? markup`<ul>${detail.history.map((line) => markup`<li>${when(line.at)}, ${line.who}: ${line.summary}</li>`)}</ul>`
    : markup`<p>No workspace action yet.</p>`
}`,
  };
}
