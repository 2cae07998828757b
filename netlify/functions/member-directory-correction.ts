/**
 * 'Send a correction' on /account/directory-entry: a signed-in member tells the secretariat what
 * is wrong in their directory entry, or asks to be added.
 *   POST /api/account/directory-correction  body: JSON or form-urlencoded { fields: one or more of
 *        name, position, university, address, city, state, email, mobile, add; details }
 *   JSON → 200 { message, id } | 401 signed out | 400 { error, fields } | 503 with Retry-After
 *   form → 303 to /account/directory-entry?status=sent | /login?next=… | a refusal: the page again,
 *          filled in as typed, the error beside the field
 *   403 cross-site, 413, 415, 405 (Allow: POST).
 * Stored first (`directory-correction/<id>`), then mailed to the secretariat (Reply-To the member);
 * a mail not sent in time stays pending for the retry job.
 * Env: SECRETARIAT_EMAIL, RESEND_API_KEY, MAIL_FROM, and those of GET /api/directory.
 */
import type { Config } from "@netlify/functions";
import { signInFirst } from "../../src/server/account/account-request.server.ts";
import { correctionMail } from "../../src/server/account/own-data-mails.server.ts";
import { currentAccount } from "../../src/server/account/sessions.server.ts";
import { ownDirectoryEntry } from "../../src/server/directory/directory-privacy.server.ts";
import { readEnv } from "../../src/server/env.server.ts";
import { formPost } from "../../src/server/forms/form-post.server.ts";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { deliverPending, logMailFailure, storeSubmission } from "../../src/server/submissions.server.ts";
import { DIRECTORY_ENTRY_OUTCOMES } from "../../src/shared/member-privacy.ts";
import { correctionSchema } from "../../src/shared/schemas/own-data.ts";

const PAGE = "/account/directory-entry";

export default endpoint({
  POST: formPost({
    action: "/api/account/directory-correction",
    page: PAGE,
    schema: correctionSchema,
    maxBytes: 8 * 1024,
    unavailable:
      "Your correction was not sent: we could not store it just now. Please try again in a minute.",
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
        { accountEmail: email, accountName: name, memberId: entry?.id ?? null, fields, details },
        { secretariat: mail },
      );
      if (!duplicate) await deliverPending(submission).catch((error) => logMailFailure(submission.id, error));
      return {
        ok: true,
        body: { message: DIRECTORY_ENTRY_OUTCOMES.sent, id: submission.id },
        redirect: `${PAGE}?status=sent`,
      };
    },
  }),
});

export const config: Config = {
  path: "/api/account/directory-correction",
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
