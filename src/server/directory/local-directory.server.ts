import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "csv-parse/sync";
import type { DirectorySource } from "#shared/schemas/directory.ts";
import { toFellows, toMembers } from "./sheet-rows.server.ts";

/** A CSV file as the 2-D array Sheets would answer: first row the header, ragged rows allowed. */
async function csvValues(file: string): Promise<string[][]> {
  return parse(await readFile(file, "utf8"), { relax_column_count: true, skip_empty_lines: true, bom: true });
}

/** The directory and fellows from content/directory.csv and content/fellows.csv: the embedded default. */
export function localDirectory(directory = path.resolve("content")): DirectorySource {
  return {
    members: async () => toMembers(await csvValues(path.join(directory, "directory.csv"))),
    fellows: async () => toFellows(await csvValues(path.join(directory, "fellows.csv"))),
  };
}
