import { type DirectorySource, type PublicDirectory, toPublicMember } from "#shared/schemas/directory.ts";
import { sheetsConfig } from "../env.server.ts";
import { googleSheetsDirectory } from "./google-sheets.server.ts";
import { localDirectory } from "./local-directory.server.ts";

/** Google Sheets when it is configured, else the CSV files under content/. */
export function directorySource(): DirectorySource {
  const sheets = sheetsConfig();
  return sheets ? googleSheetsDirectory(sheets) : localDirectory();
}

/** What the prerender may put in a page: members' public fields only. */
export function publicDirectory(source: DirectorySource = directorySource()): PublicDirectory {
  return {
    members: async () => (await source.members()).map(toPublicMember),
    fellows: () => source.fellows(),
  };
}
