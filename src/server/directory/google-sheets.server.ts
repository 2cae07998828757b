import type { DirectorySource } from "#shared/schemas/directory.ts";
import type { SheetsConfig } from "../env.server.ts";
import { MalformedSheetError, toFellows, toMembers } from "./sheet-rows.server.ts";

/** Sheets answered with an error: its message is the one SPEC says the directory shows. */
export class SheetsError extends Error {
  override name = "SheetsError";
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

const VALUES_URL = "https://sheets.googleapis.com/v4/spreadsheets";

/** GET spreadsheets.values.get for one range: the 2-D `values` array (absent when empty). */
export async function sheetValues(config: SheetsConfig, spreadsheetId: string, range: string) {
  const url = new URL(
    `${VALUES_URL}/${encodeURIComponent(spreadsheetId)}/values/${encodeURIComponent(range)}`,
  );
  url.searchParams.set("key", config.apiKey);
  const response = await fetch(url, {
    headers: { Accept: "application/json" },
    signal: AbortSignal.timeout(config.timeoutMs),
  });
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw response.ok
      ? new MalformedSheetError("Sheets answered something that is not JSON")
      : new SheetsError(`Request failed with status code ${response.status}`, response.status);
  }
  if (!response.ok) {
    const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
    throw new SheetsError(
      typeof message === "string" && message ? message : `Request failed with status code ${response.status}`,
      response.status,
    );
  }
  if (typeof body !== "object" || body === null) throw new MalformedSheetError("Sheets answered no object");
  return (body as { values?: unknown }).values;
}

/** The directory and fellows from Google Sheets (API key, server side only). */
export function googleSheetsDirectory(config: SheetsConfig): DirectorySource {
  return {
    members: async () => toMembers(await sheetValues(config, config.spreadsheetId, config.directoryRange)),
    fellows: async () =>
      toFellows(await sheetValues(config, config.fellowsSpreadsheetId, config.fellowsRange)),
  };
}
