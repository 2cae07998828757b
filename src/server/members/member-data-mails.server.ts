import { escapeHtml } from "#shared/escape-html.ts";
import { correctionLabel } from "#shared/member-privacy.ts";
import type { Member } from "#shared/schemas/directory.ts";
import { htmlParagraphs } from "../mail/escape.server.ts";
import type { Mail } from "../mail/mail.server.ts";

/**
 * The mails of a member's own data: one small function per mail, each giving the text and HTML
 * of one message (decision 0015). Every mail goes through the stored-then-sent submissions path.
 */

type Rows = [string, string][];
const textRows = (rows: Rows) => rows.map(([label, value]) => `${label}: ${value}`).join("\n");
const htmlRows = (rows: Rows) =>
  `<ul>${rows.map(([label, value]) => `<li><strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}</li>`).join("")}</ul>`;

export type CorrectionMailInput = {
  account: { name: string; email: string; applicationId: string };
  entry: Member | null;
  fields: string[];
  details: string;
};

/** To the secretariat: a member asks for their directory entry to be corrected (or to be added). */
export function correctionMail(
  { account, entry, fields, details }: CorrectionMailInput,
  secretariat: string,
): Mail {
  const rows: Rows = [
    ["Member", account.name],
    ["Account e-mail", account.email],
    ["Application id", account.applicationId],
    [
      "Directory entry",
      entry
        ? `${entry.name}, ${entry.university || "no institution"} (id ${entry.id})`
        : "none found with this e-mail",
    ],
    ["Details concerned", fields.map(correctionLabel).join(", ")],
  ];
  const intro =
    "A member has asked for a correction to the member directory (the sheet is not changed by the website).";
  return {
    to: [secretariat],
    replyTo: account.email,
    subject: `Directory correction from ${account.name}`,
    text: `${intro}\n\n${textRows(rows)}\n\nWhat they should be:\n${details}\n`,
    html: `<p>${intro}</p>${htmlRows(rows)}<p><strong>What they should be:</strong></p>${htmlParagraphs(details)}`,
  };
}

export type ClosedAccountMailInput = { name: string; email: string; applicationId: string; closedAt: string };

/** To the secretariat: a member closed their website account; the application stays on record. */
export function accountClosedMail(input: ClosedAccountMailInput, secretariat: string): Mail {
  const rows: Rows = [
    ["Member", input.name],
    ["E-mail", input.email],
    ["Application id", input.applicationId],
    ["Closed at", input.closedAt],
  ];
  const intro =
    "A member has closed their account on the website. The account, its sessions and its sign-in records are deleted; the application stays as the society's record. Their membership itself is unchanged: please update the society's records if they also mean to leave the society.";
  return {
    to: [secretariat],
    subject: `Website account closed: ${input.name}`,
    text: `${intro}\n\n${textRows(rows)}\n`,
    html: `<p>${intro}</p>${htmlRows(rows)}`,
  };
}
