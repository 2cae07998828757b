import { CORRECTION_FORM, OWN_DETAILS_FORM } from "#shared/forms/own-data-fields.ts";
import { NO_DIRECTORY_ENTRY } from "#shared/member-privacy.ts";
import { correctionSchema, ownDetailsSchema, privacySchema } from "#shared/schemas/own-data.ts";
import { ownDirectoryEntry, saveOwnHiddenFields } from "../directory/directory-privacy.server.ts";
import { saveOwnDetailsAndTell } from "../directory/own-details-action.server.ts";
import { readEnv } from "../env.server.ts";
import { bodyLimitFor, type FormSpec } from "../forms/form-post.server.ts";
import { deliverPending, logMailFailure, storeSubmission } from "../submissions.server.ts";
import { signInFirst } from "./account-request.server.ts";
import { correctionMail } from "./own-data-mails.server.ts";
import { currentAccount } from "./sessions.server.ts";

const PAGE = "/account/directory-entry";

/**
 * 'Hide from other members': exactly the details to hide (a row by member id; the sheet is
 * untouched). The directory-entry page's action.
 */
export const directoryPrivacyForm: FormSpec<typeof privacySchema> = {
  name: "directory-privacy",
  schema: privacySchema,
  maxBytes: 2048,
  unavailable: "Your choices were not saved: we could not reach our records just now. Please try again.",
  async handle({ hide }, { request }) {
    const account = await currentAccount(request);
    if (!account) return signInFirst(PAGE);
    const entry = await ownDirectoryEntry(account);
    if (!entry) return { ok: false, status: 404, error: NO_DIRECTORY_ENTRY };
    await saveOwnHiddenFields(account, entry, hide);
    return {
      ok: true,
      redirect: `${PAGE}?status=saved`,
    };
  },
};

/**
 * 'Send a correction' (or 'Ask to be added'): stored, then mailed to the secretariat, who keeps
 * the directory. The directory-entry page's action.
 */
export const directoryCorrectionForm: FormSpec<typeof correctionSchema> = {
  name: "directory-correction",
  schema: correctionSchema,
  maxBytes: bodyLimitFor(CORRECTION_FORM),
  unavailable: "Your correction was not sent: we could not store it just now. Please try again in a minute.",
  async handle({ fields, details }, { request }) {
    const account = await currentAccount(request);
    if (!account) return signInFirst(PAGE);
    const entry = await ownDirectoryEntry(account);
    const { name, email, applicationId } = account;
    const mail = await correctionMail(
      { account: { name, email, applicationId }, entry, fields, details },
      readEnv().SECRETARIAT_EMAIL,
    );
    const { submission, duplicate } = await storeSubmission(
      "directory-correction",
      { accountEmail: email, accountName: name, applicationId, memberId: entry?.id ?? null, fields, details },
      { secretariat: mail },
    );
    if (!duplicate) await deliverPending(submission).catch((error) => logMailFailure(submission.id, error));
    return {
      ok: true,
      redirect: `${PAGE}?status=sent`,
    };
  },
};

/**
 * 'My details': a signed-in member changes their own position, institution, address and mobile
 * number (a field left out stays as it is; an empty one is cleared). Kept with its date as a row
 * of `own_details` by member id (the sheet is untouched), shown to other members at once (less what
 * the member hides), listed in the secretariat's export of changes and written in the audit log. A
 * new name is not applied: it is mailed to the secretariat, who confirm name changes. The
 * directory-entry page's action.
 */
export const ownDetailsForm: FormSpec<typeof ownDetailsSchema> = {
  name: "own-details",
  schema: ownDetailsSchema,
  maxBytes: bodyLimitFor(OWN_DETAILS_FORM),
  unavailable: "Your details were not saved: we could not reach our records just now. Please try again.",
  async handle(sent, { request }) {
    const account = await currentAccount(request);
    if (!account) return signInFirst(PAGE);
    const entry = await ownDirectoryEntry(account);
    if (!entry) return { ok: false, status: 404, error: NO_DIRECTORY_ENTRY };
    const saved = await saveOwnDetailsAndTell(account, entry, sent);
    const status = saved.nameSent
      ? "details-name-sent"
      : saved.changed.length > 0
        ? "details-saved"
        : "details-unchanged";
    return {
      ok: true,
      redirect: `${PAGE}?status=${status}`,
    };
  },
};
