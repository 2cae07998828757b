/**
 * The secretariat's workspace (docs/decisions/0016): its sections, its pages' paths and where each
 * of its forms posts. Written once here because the pages (src/features/secretariat), the routes'
 * actions and the functions that answer the downloads all name them.
 */

import { ELECTIONS_WORKSPACE_PATH } from "./elections/elections.ts";

export const WORKSPACE_PATH = "/secretariat";
export const SIGN_IN_PATH = "/secretariat/sign-in";
export const APPLICATIONS_PATH = "/secretariat/applications";
/** The society's membership register: its import and its members (decision 0051). */
export const REGISTER_PATH = "/secretariat/register";
/** Two records of one person made one. */
export const MERGE_PATH = "/secretariat/register/merge";
export const MESSAGES_PATH = "/secretariat/messages";
export const HELD_PATH = "/secretariat/held";
export const NEWSLETTER_PATH = "/secretariat/newsletter";
export const EXPORT_PATH = "/secretariat/export";
/** Inviting the register's members to get their website accounts (issue 57). */
export const INVITATIONS_PATH = "/secretariat/invitations";
export const MAILS_PATH = "/secretariat/mails";
export const AUDIT_PATH = "/secretariat/audit";
/** The ledger's payments, and their reconciliation with Razorpay's settlements (decision 0055). */
export const PAYMENTS_PATH = "/secretariat/payments";
export const RECONCILIATION_PATH = "/secretariat/payments/reconciliation";
export const RECONCILIATION_CSV = "/secretariat/payments/reconciliation.csv";
/** The site as it will look with the drafts in Contentful (decision 0029). */
export const PREVIEW_PATH = "/secretariat/preview";

/** The workspace's navigation, in order. A new section is one entry here and one route in routes.ts. */
export type Section = { path: string; label: string };
export const SECTIONS: readonly Section[] = [
  { path: WORKSPACE_PATH, label: "Overview" },
  { path: APPLICATIONS_PATH, label: "Applications" },
  { path: REGISTER_PATH, label: "Register" },
  { path: MESSAGES_PATH, label: "Messages" },
  { path: HELD_PATH, label: "Held back" },
  { path: PAYMENTS_PATH, label: "Payments" },
  { path: NEWSLETTER_PATH, label: "Newsletter" },
  { path: INVITATIONS_PATH, label: "Invitations" },
  { path: EXPORT_PATH, label: "Export" },
  { path: ELECTIONS_WORKSPACE_PATH, label: "Elections" },
  { path: MAILS_PATH, label: "E-mail templates" },
  { path: AUDIT_PATH, label: "Audit log" },
  { path: PREVIEW_PATH, label: "Preview" },
];

/** Downloads answered by functions, not pages: a GET each, which the browser saves as a file. */
export const MEMBERS_CSV = "/api/secretariat/export/members.csv";
/** The members' own changes to their details since a day (`?since=`). */
export const CHANGES_CSV = "/api/secretariat/export/changes.csv";
export const SUBSCRIBERS_CSV = "/api/secretariat/newsletter/subscribers.csv";

export const applicationPath = (key: string) => `${APPLICATIONS_PATH}/${key}`;
export const issuePath = (id: string) => `${NEWSLETTER_PATH}/${id}`;
export const mailPath = (name: string) => `${MAILS_PATH}/${name}`;
/** The frames a rendered e-mail is shown in (answered with the mail alone, under a sandboxing CSP). */
export const mailFramePath = (name: string) => `${mailPath(name)}/html`;
export const issueFramePath = (id: string) => `${issuePath(id)}/html`;
/** The preview of a public page (`path`, like /about-us), and the frame it is drawn in. */
/** The public page that states a fee: the receipt of an Ordinary application (an id of no one's). */
export const FEES_PREVIEW = "/sign-up?status=sent&id=EN-0000000000&type=1";
export const previewOf = (path: string) => `${PREVIEW_PATH}?path=${encodeURIComponent(path)}`;
export const previewFramePath = (path: string) => `${PREVIEW_PATH}/frame?path=${encodeURIComponent(path)}`;

/*
 * A page with several forms tells them apart by `?do=` in the address they post to: the page's
 * own path, so a refused post without JavaScript comes back to the page that holds its form
 * (src/server/forms/page-form.server.ts), and the record a button acts on is named there too.
 * Each form's name (whose refusal is its own) is made from the same parts.
 */

export const APPLICATION_FORMS = ["payment", "record-payment", "reject", "reopen", "claim-link"] as const;
export type ApplicationForm = (typeof APPLICATION_FORMS)[number];
export const isApplicationForm = (value: unknown): value is ApplicationForm =>
  APPLICATION_FORMS.includes(value as ApplicationForm);
export const applicationAction = (key: string, form: ApplicationForm) => `${applicationPath(key)}?do=${form}`;

export const HELD_ACTIONS = ["release", "delete"] as const;
export type HeldAction = (typeof HELD_ACTIONS)[number];
export const isHeldAction = (value: unknown): value is HeldAction =>
  HELD_ACTIONS.includes(value as HeldAction);
export const heldAction = (action: HeldAction, kind: string, id: string) =>
  `${HELD_PATH}?${new URLSearchParams({ do: action, kind, id })}`;
export const heldFormName = (action: HeldAction, kind: string, id: string) => `held-${action}-${kind}-${id}`;

/** The messages page shows one kind at a time; 'Send again' comes back to the same kind. */
export const messagesOf = (kind: string) => `${MESSAGES_PATH}?${new URLSearchParams({ kind })}`;
export const resendAction = (kind: string, id: string) =>
  `${MESSAGES_PATH}?${new URLSearchParams({ kind, do: "resend", id })}`;
export const resendFormName = (kind: string, id: string) => `resend-${kind}-${id}`;

/** 'Refund' on one payment of the payments page, which comes back to the same filters. */
export const refundAction = (paymentId: string, search = "") => {
  const query = new URLSearchParams(search);
  query.set("do", "refund");
  query.set("payment", paymentId);
  query.delete("done");
  return `${PAYMENTS_PATH}?${query}`;
};
export const refundFormName = (paymentId: string) => `refund-${paymentId}`;

/** Where the payments page lists the online payments held for the secretariat (refund or credit). */
export const HELD_PAYMENTS_PATH = `${PAYMENTS_PATH}#held-payments`;
/** 'Refund' or 'Credit' on one held payment of the payments page (decision 0055's addendum). */
export const HELD_PAYMENT_ACTIONS = ["refund-held", "credit-held"] as const;
export type HeldPaymentAction = (typeof HELD_PAYMENT_ACTIONS)[number];
export const isHeldPaymentAction = (value: unknown): value is HeldPaymentAction =>
  HELD_PAYMENT_ACTIONS.includes(value as HeldPaymentAction);
export const heldPaymentAction = (action: HeldPaymentAction, heldId: string) =>
  `${PAYMENTS_PATH}?${new URLSearchParams({ do: action, held: heldId })}`;
export const heldPaymentFormName = (action: HeldPaymentAction, heldId: string) => `${action}-${heldId}`;

export const ISSUE_ACTIONS = ["test", "send"] as const;
export type IssueAction = (typeof ISSUE_ACTIONS)[number];
export const isIssueAction = (value: unknown): value is IssueAction =>
  ISSUE_ACTIONS.includes(value as IssueAction);
export const issueAction = (id: string, action: IssueAction) => `${issuePath(id)}?do=${action}`;
export const issueFormName = (action: IssueAction) => `issue-${action}`;

/** The invitations page's two presses: invite (with its filter), and the one reminder. */
export const INVITATION_ACTIONS = ["invite", "remind"] as const;
export type InvitationAction = (typeof INVITATION_ACTIONS)[number];
export const isInvitationAction = (value: unknown): value is InvitationAction =>
  INVITATION_ACTIONS.includes(value as InvitationAction);
export const invitationAction = (action: InvitationAction) => `${INVITATIONS_PATH}?do=${action}`;
