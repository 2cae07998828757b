import { pressSchema } from "#shared/schemas/secretariat.ts";
import { withFlash } from "#shared/secretariat-flash.ts";
import { messagesOf, resendFormName } from "#shared/secretariat-paths.ts";
import type { z } from "#shared/zod.ts";
import type { FormSpec } from "../forms/form-post.server.ts";
import type { Submission } from "../submissions.server.ts";
import type { SecretariatSession } from "./auth.server.ts";
import { sendAgain } from "./messages.server.ts";
import { anyForm } from "./workspace-forms.server.ts";

/**
 * 'Send again' on a stored submission whose e-mails did not all go out, the messages page's
 * action (?kind=&do=resend&id=). The page comes back showing the same kind of submission.
 */
export function resendForm(record: Submission<unknown>, session: SecretariatSession): FormSpec<z.ZodType> {
  return anyForm({
    name: resendFormName(record.kind, record.id),
    schema: pressSchema,
    maxBytes: 1024,
    unavailable: "Nothing was sent: we could not reach our records just now. Please try again in a minute.",
    async handle() {
      const outcome = await sendAgain(record, session.who);
      return { ok: true, redirect: withFlash(messagesOf(record.kind), outcome) };
    },
  });
}
