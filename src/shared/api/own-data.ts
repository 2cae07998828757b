/** The signed-in account's own directory entry and privacy choices (zod/mini: browser code). */
import { HIDEABLE_VALUES } from "../member-privacy.ts";
import { memberSchema } from "../schemas/directory.ts";
import { zm } from "../zod.ts";

/** GET /api/account/directory-entry: the record matched by the account's e-mail (or null) and what is hidden. */
export const directoryEntryAnswerSchema = zm.object({
  entry: zm.nullable(memberSchema),
  hidden: zm.array(zm.enum(HIDEABLE_VALUES)),
});
export type DirectoryEntryAnswer = zm.infer<typeof directoryEntryAnswerSchema>;

/** POST /api/account/directory-privacy: the sentence, and the choices now in force. */
export const privacySavedSchema = zm.object({
  message: zm.string(),
  hidden: zm.array(zm.enum(HIDEABLE_VALUES)),
});

/**
 * The directory-entry page without JavaScript: the prerendered page with the entry and the boxes
 * of what is hidden filled in on the server for the signed-in member, in the part with this id.
 */
export const DIRECTORY_ENTRY_PAGE = "/account/directory-entry/current";
export const DIRECTORY_ENTRY_PART_ID = "directory-entry-part";
