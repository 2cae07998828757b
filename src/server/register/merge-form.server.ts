import { withFlash } from "#shared/secretariat-flash.ts";
import { applicationPath } from "#shared/secretariat-paths.ts";
import { z } from "#shared/zod.ts";
import type { FormSpec } from "../forms/form-post.server.ts";
import type { SecretariatSession } from "../secretariat/auth.server.ts";
import { anyForm } from "../secretariat/workspace-forms.server.ts";
import { mergeRecords } from "./merge.server.ts";

export const MERGE_FORM = "register-merge";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const record = z.string().regex(UUID, "Find the two records again: this one is not known.");

const mergeSchema = z.strictObject({
  keep: record,
  merge: record,
  // Merging cannot be undone from the workspace: the office says it checked.
  confirm: z.unknown().refine((value) => value === "yes", "Tick to confirm these two records are one person"),
});

/**
 * 'Merge' (the merge page, ?do=merge): the two records the page showed (their keys), the first
 * kept, with the office's confirmation. Done: the kept record's page, which now holds both.
 */
export function mergeForm(session: SecretariatSession): FormSpec<z.ZodType> {
  return anyForm({
    name: MERGE_FORM,
    schema: mergeSchema,
    maxBytes: 1024,
    unavailable: "Nothing was merged: we could not reach our records just now. Please try again in a minute.",
    async handle({ keep, merge }) {
      const outcome = await mergeRecords(keep, merge, session.who);
      if (outcome.done === "refused") return { ok: false, status: 409, error: outcome.reason };
      return {
        ok: true,
        redirect: withFlash(applicationPath(keep), outcome.done === "merged" ? "merged" : "merge-already"),
      };
    },
  });
}
