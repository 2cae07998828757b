import { pressSchema } from "../../shared/schemas/secretariat.ts";
import { withFlash } from "../../shared/secretariat-flash.ts";
import {
  HELD_PATH,
  type HeldAction,
  heldAction,
  heldFormName,
  isHeldAction,
} from "../../shared/secretariat-paths.ts";
import type { z } from "../../shared/zod.ts";
import { siteUrl } from "../env.server.ts";
import type { FormSpec } from "../forms/form-post.server.ts";
import type { QuarantinedSubmission } from "../submissions.server.ts";
import type { SecretariatSession } from "./auth.server.ts";
import { deleteHeld, releaseHeld } from "./held.server.ts";
import { anyForm } from "./workspace.server.ts";

/**
 * 'Not spam' and 'Delete' on a held submission, the same for the held page's action and the JSON
 * API (POST /api/secretariat/held/<kind>/<id>/<action>): the press alone, the record named by the
 * address; both write the audit log first.
 */
export function heldForm(
  action: HeldAction | string | null,
  record: QuarantinedSubmission<unknown>,
  session: SecretariatSession,
): FormSpec<z.ZodType> | null {
  if (!isHeldAction(action)) return null;
  return anyForm({
    name: heldFormName(action, record.kind, record.id),
    page: heldAction(action, record.kind, record.id),
    schema: pressSchema,
    maxBytes: 1024,
    unavailable:
      "Nothing was changed: we could not reach our records just now. Please try again in a minute.",
    async handle(_press, { request }) {
      const outcome =
        action === "release"
          ? await releaseHeld(record, session.who, siteUrl(request))
          : await deleteHeld(record, session.who);
      if (outcome === "not-releasable")
        return {
          ok: false,
          status: 409,
          error: "This kind of submission cannot be delivered from here.",
          redirect: HELD_PATH,
        };
      return { ok: true, body: { outcome }, redirect: withFlash(HELD_PATH, outcome) };
    },
  });
}
