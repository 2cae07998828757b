import {
  type DirectorySource,
  type Fellow,
  type PublicDirectory,
  type PublicMember,
  toPublicMember,
} from "#shared/schemas/directory.ts";
import { sheetsConfig } from "../env.server.ts";
import { googleSheetsDirectory } from "./google-sheets.server.ts";
import { localDirectory } from "./local-directory.server.ts";
import { EmptySheetError } from "./sheet-rows.server.ts";

/** Google Sheets when it is configured, else the CSV files under content/. */
export function directorySource(): DirectorySource {
  const sheets = sheetsConfig();
  return sheets ? googleSheetsDirectory(sheets) : localDirectory();
}

/** An empty sheet prerenders as an empty list ('No data found...'); other failures stop the build. */
function emptyList(error: unknown): never[] {
  if (error instanceof EmptySheetError) return [];
  throw error;
}

/**
 * What the prerender may put in a page: members' public fields only. Each list is read once per
 * build, however many pages use it (Sheets allows 60 reads a minute).
 */
export function publicDirectory(source: DirectorySource = directorySource()): PublicDirectory {
  let members: Promise<PublicMember[]> | undefined;
  let fellows: Promise<Fellow[]> | undefined;
  return {
    members: () => {
      members ??= source.members().then((all) => all.map(toPublicMember), emptyList);
      return members;
    },
    fellows: () => {
      fellows ??= source.fellows().catch(emptyList);
      return fellows;
    },
  };
}
