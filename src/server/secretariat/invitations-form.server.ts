import { inviteSchema, remindSchema } from "#shared/schemas/secretariat.ts";
import { withFlash } from "#shared/secretariat-flash.ts";
import { INVITATIONS_PATH, type InvitationAction, isInvitationAction } from "#shared/secretariat-paths.ts";
import { siteUrl } from "../env.server.ts";
import type { FormSpec } from "../forms/form-post.server.ts";
import type { SecretariatSession } from "./auth.server.ts";
import { sendStage } from "./invitations.server.ts";
import { anyForm } from "./workspace-forms.server.ts";

const UNAVAILABLE =
  "Nothing was sent: we could not reach our records just now. Please try again in a minute.";

/**
 * The invitations page's presses (?do=invite with its filter, ?do=remind): each queues its mails
 * and comes back to the page with the outcome at its top and the counts as they now are.
 */
export function invitationForm(action: InvitationAction | string | null, session: SecretariatSession) {
  if (!isInvitationAction(action)) return null;
  if (action === "invite")
    return anyForm({
      name: "invite",
      schema: inviteSchema,
      maxBytes: 1024,
      unavailable: UNAVAILABLE,
      async handle({ zone, class: registerClass, inArrears }, { request }) {
        const filter = {
          ...(zone ? { zone } : {}),
          ...(registerClass ? { class: registerClass } : {}),
          inArrears,
        };
        const { mailed } = await sendStage("invitation", filter, session.who, siteUrl(request));
        return {
          ok: true,
          redirect: withFlash(INVITATIONS_PATH, mailed > 0 ? "invitations-queued" : "invitations-none"),
        };
      },
    } satisfies FormSpec<typeof inviteSchema>);
  return anyForm({
    name: "remind",
    schema: remindSchema,
    maxBytes: 1024,
    unavailable: UNAVAILABLE,
    async handle(_press, { request }) {
      const { mailed } = await sendStage("reminder", {}, session.who, siteUrl(request));
      return {
        ok: true,
        redirect: withFlash(INVITATIONS_PATH, mailed > 0 ? "reminders-queued" : "reminders-none"),
      };
    },
  } satisfies FormSpec<typeof remindSchema>);
}
