import { type FlashCode, withFlash } from "#shared/secretariat-flash.ts";
import { REGISTER_PATH } from "#shared/secretariat-paths.ts";
import { z } from "#shared/zod.ts";
import { SheetsError } from "../directory/google-sheets.server.ts";
import { MalformedSheetError } from "../directory/sheet-rows.server.ts";
import type { FormAnswer, FormSpec } from "../forms/form-post.server.ts";
import type { SecretariatSession } from "../secretariat/auth.server.ts";
import { anyForm } from "../secretariat/workspace-forms.server.ts";
import { applyImport, keepUpload } from "./register-import.server.ts";
import { RegisterFileError } from "./register-rows.server.ts";
import { registerSource, sheetContent } from "./register-source.server.ts";

/** The largest register file taken: 2,100 members are about 250 KB; ten times that is room enough. */
export const MAX_REGISTER_BYTES = 4 * 1024 * 1024;

const UNAVAILABLE =
  "Nothing was changed: we could not reach our records just now. Please try again in a minute.";

export const REGISTER_ACTIONS = ["preview", "apply"] as const;
export type RegisterAction = (typeof REGISTER_ACTIONS)[number];
export const registerFormName = (action: RegisterAction) => `register-${action}`;

/** The preview's page: the kept file's digest in the address. */
export const previewPath = (digest: string) => `${REGISTER_PATH}?preview=${digest}`;

const done = (page: string, code: FlashCode): FormAnswer => ({ ok: true, redirect: withFlash(page, code) });

const previewSchema = z.strictObject({
  // The CSV's text (the file field, read as text); none when the source is the master sheet.
  file: z.string().max(MAX_REGISTER_BYTES).optional(),
});

const digest = z.string().regex(/^[0-9a-f]{64}$/, "This preview is not one of ours: preview the file again.");

const applySchema = z.strictObject({
  digest,
  plan: digest,
  take: z
    .union([z.string().max(40), z.array(z.string().max(40)).max(20_000)])
    .optional()
    .transform((value) => new Set(value === undefined ? [] : [value].flat())),
});

/**
 * 'Preview' (the Register page, ?do=preview): reads the register from its source (the file posted,
 * or the master sheet's columns), keeps it under its digest and goes to its preview, which changes
 * nothing. A file that is not a register is refused beside its field with why.
 */
function previewForm(session: SecretariatSession): FormSpec<z.ZodType> {
  return anyForm({
    name: registerFormName("preview"),
    schema: previewSchema,
    maxBytes: MAX_REGISTER_BYTES + 64 * 1024,
    files: true,
    secretFields: ["file"],
    unavailable: UNAVAILABLE,
    async handle({ file }) {
      const source = registerSource();
      try {
        const content = source.kind === "sheet" ? await sheetContent(source.config) : (file ?? "");
        if (source.kind === "csv" && !content.trim())
          return {
            ok: false,
            status: 400,
            error: "Choose the register's CSV file.",
            fields: { file: "Choose the register's CSV file" },
          };
        const kept = await keepUpload(source.kind, content, session.who);
        return { ok: true, redirect: previewPath(kept) };
      } catch (error) {
        if (error instanceof RegisterFileError)
          return {
            ok: false,
            status: 400,
            error: `The register could not be read: ${error.message}.`,
            fields: { file: `The file could not be read as the register: ${error.message}` },
          };
        if (error instanceof SheetsError || error instanceof MalformedSheetError)
          return { ok: false, status: 502, error: `The master sheet could not be read: ${error.message}.` };
        throw error;
      }
    },
  });
}

/**
 * 'Apply' (the preview's button, ?do=apply): applies the preview the page showed (the kept file's
 * digest and the preview's own), with the office's ticks. The records moved since, or a row is
 * still refused: nothing is written and the preview is shown again as it now is, saying why.
 */
function applyForm(session: SecretariatSession): FormSpec<z.ZodType> {
  return anyForm({
    name: registerFormName("apply"),
    schema: applySchema,
    maxBytes: 512 * 1024,
    unavailable: UNAVAILABLE,
    async handle({ digest: kept, plan, take }) {
      const outcome = await applyImport(kept, plan, take, session.who);
      if (outcome.done === "expired") return done(REGISTER_PATH, "register-expired");
      if (outcome.done === "moved") return done(previewPath(kept), "register-moved");
      // The preview's page lists the refused rows with their reasons: it is where they are corrected from.
      if (outcome.done === "refused") return done(previewPath(kept), "register-refused");
      return done(`${REGISTER_PATH}?import=${outcome.importId}`, "register-imported");
    },
  });
}

export function registerForm(action: string | null, session: SecretariatSession): FormSpec<z.ZodType> | null {
  if (action === "preview") return previewForm(session);
  if (action === "apply") return applyForm(session);
  return null;
}
