import {
  NOTHING_CHANGED,
  OWN_DETAILS_FORM,
  OWN_DETAILS_SAVED,
  OWN_NAME_SENT,
} from "#shared/forms/own-data-fields.ts";
import type { Member } from "#shared/schemas/directory.ts";
import type { OwnDetailsInput } from "#shared/schemas/own-data.ts";
import type { Account } from "../account/accounts.server.ts";
import { correctionMail } from "../account/own-data-mails.server.ts";
import { inTransaction } from "../db/database.server.ts";
import { readEnv } from "../env.server.ts";
import { recordAction } from "../secretariat/audit.server.ts";
import { deliverPending, logMailFailure, storeSubmission } from "../submissions.server.ts";
import { type SavedDetails, saveOwnDetails } from "./own-details.server.ts";

export type DetailsAnswer = SavedDetails & { message: string; nameSent: boolean };

/**
 * 'My details': the member's changes saved over their entry (own-details.server.ts) and written in
 * the audit log (which fields, not their values); a new name, which the secretariat confirms, is
 * mailed to them as a correction request (stored first, as every correction is).
 */
export async function saveOwnDetailsAndTell(
  account: Account,
  entry: Member,
  sent: OwnDetailsInput,
  now = new Date(),
): Promise<DetailsAnswer> {
  const { name, ...details } = sent;
  // The change and its audit line (which fields, not their values) are kept together or not at all.
  const saved = await inTransaction(async (tx) => {
    const saved = await saveOwnDetails(account, entry, details, now, tx);
    if (saved.changed.length > 0)
      await recordAction(
        {
          who: account.email,
          action: "own-details",
          record: `directory/${entry.id}`,
          summary: `${entry.name} changed their own directory details: ${saved.changed
            .map((field) => OWN_DETAILS_FORM[field].label.toLowerCase())
            .join(", ")}`,
        },
        now,
        tx,
      );
    return saved;
  });
  const nameSent = name !== undefined && name !== "" && name !== entry.name;
  if (nameSent) {
    const fields = ["name"];
    const details = `Name as it should appear in the directory: ${name}`;
    const mail = await correctionMail(
      {
        account: { name: account.name, email: account.email, applicationId: account.applicationId },
        entry,
        fields,
        details,
      },
      readEnv().SECRETARIAT_EMAIL,
    );
    const { submission, duplicate } = await storeSubmission(
      "directory-correction",
      {
        accountEmail: account.email,
        accountName: account.name,
        applicationId: account.applicationId,
        memberId: entry.id,
        fields,
        details,
      },
      { secretariat: mail },
      now,
    );
    if (!duplicate) await deliverPending(submission).catch((error) => logMailFailure(submission.id, error));
  }
  const message = nameSent ? OWN_NAME_SENT : saved.changed.length > 0 ? OWN_DETAILS_SAVED : NOTHING_CHANGED;
  return { ...saved, message, nameSent };
}
