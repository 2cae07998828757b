import { sheetValues } from "../directory/google-sheets.server.ts";
import { readEnv, type SheetsConfig, sheetsConfig } from "../env.server.ts";
import type { RegisterSourceKind } from "./register-import.server.ts";

/**
 * Where the register comes from (REGISTER_SOURCE, decision 0051): a CSV file the office uploads
 * (the default), or the register's columns in the master sheet, read through the directory's own
 * Sheets settings. The sheet is the source only when it is both chosen and configured.
 */
export type RegisterSource = { kind: "csv" } | { kind: "sheet"; config: SheetsConfig };

export function registerSource(): RegisterSource {
  const config = sheetsConfig();
  return readEnv().REGISTER_SOURCE === "sheet" && config ? { kind: "sheet", config } : { kind: "csv" };
}

/** The sheet's register range as the text an upload keeps (its cells as JSON, as Sheets answered them). */
export async function sheetContent(config: SheetsConfig): Promise<string> {
  const values = await sheetValues(config, config.spreadsheetId, config.registerRange);
  return JSON.stringify(values ?? []);
}

export const sourceKind = (source: RegisterSource): RegisterSourceKind => source.kind;
