import { pressSchema } from "#shared/schemas/secretariat.ts";
import { withFlash } from "#shared/secretariat-flash.ts";
import { HELD_PATH, type HeldAction, heldFormName, isHeldAction } from "#shared/secretariat-paths.ts";
import type { z } from "#shared/zod.ts";
import { siteUrl } from "../env.server.ts";
import type { FormSpec } from "../forms/form-post.server.ts";
import type { QuarantinedSubmission } from "../submissions.server.ts";
import type { SecretariatSession } from "./auth.server.ts";
import { deleteHeld, findHeld, type HeldOutcome, heldActionDone, releaseHeld } from "./held.server.ts";
import { anyForm } from "./workspace-forms.server.ts";

/**
 * The held submission an address names: still held (`record`), or gone because a press released or
 * deleted it (`done`, that press's outcome, so a second press is told so rather than 404); null
 * when there never was one.
 */
export type HeldTarget = {
  kind: string;
  id: string;
  record: QuarantinedSubmission<unknown> | null;
  done: HeldOutcome | null;
};

export async function findHeldTarget(kind: string, id: string): Promise<HeldTarget | null> {
  const record = await findHeld(kind, id);
  if (record) return { kind, id, record, done: null };
  const done = await heldActionDone(kind, id);
  return done ? { kind, id, record: null, done } : null;
}

/**
 * 'Not spam' and 'Delete' on a held submission, the held page's action (?do=&kind=&id=): the
 * press alone, the record named by the address; both write the audit log. Either is done once however often it is pressed, at once or
 * later: a press after the first is told it was done ('release-already', 'delete-already').
 */
export function heldForm(
  action: HeldAction | string | null,
  { kind, id, record, done }: HeldTarget,
  session: SecretariatSession,
): FormSpec<z.ZodType> | null {
  if (!isHeldAction(action)) return null;
  return anyForm({
    name: heldFormName(action, kind, id),
    schema: pressSchema,
    maxBytes: 1024,
    unavailable:
      "Nothing was changed: we could not reach our records just now. Please try again in a minute.",
    async handle(_press, { request }) {
      const outcome = !record
        ? (done ?? "release-already")
        : action === "release"
          ? await releaseHeld(record, session.who, siteUrl(request))
          : await deleteHeld(record, session.who);
      if (outcome === "not-releasable")
        return {
          ok: false,
          status: 409,
          error: "This kind of submission cannot be delivered from here.",
          // The page says so too: back at the list with no line, the press looked lost.
          redirect: withFlash(HELD_PATH, "not-releasable"),
        };
      return { ok: true, redirect: withFlash(HELD_PATH, outcome) };
    },
  });
}
