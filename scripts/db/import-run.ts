/**
 * One import of the Blobs records into the database: read every store, plan the rows, write what
 * is missing in one transaction (or, on a dry run, write it and roll it back), and say what was
 * found and what the tables held before and after. The command is import-blobs.ts.
 */
import type { Db } from "../../src/server/db/database.server.ts";
import { skippedBecause } from "./blobs-records.ts";
import { readSnapshot, type StoreOf } from "./blobs-snapshot.ts";
import { planImport } from "./import-plan.ts";
import { TABLES, type WriteResult, writePlan } from "./import-write.ts";

export type ImportOptions = {
  storeOf: StoreOf;
  db: Db;
  dryRun: boolean;
  /** Import although some keys are of no kind the old site wrote (they are listed, not copied). */
  allowUnknown?: boolean;
  now?: Date;
  log?: (line: string) => void;
};

export type ImportReport = {
  found: Map<string, number>;
  dropped: Map<string, number>;
  unknown: string[];
  warnings: string[];
  /** Null when nothing was written because of unknown keys. */
  tables: WriteResult["tables"] | null;
  changedSinceCopied: string[];
};

const pad = (text: string | number, width: number) => String(text).padStart(width);

export async function importBlobs({
  storeOf,
  db,
  dryRun,
  allowUnknown = false,
  now = new Date(),
  log = console.log,
}: ImportOptions): Promise<ImportReport> {
  const snapshot = await readSnapshot(storeOf);
  const plan = planImport(snapshot, now);

  log("Records in Blobs, by kind:");
  for (const [kind, count] of [...snapshot.found].sort(([a], [b]) => a.localeCompare(b))) {
    const skipped = skippedBecause(kind);
    const dropped = plan.dropped.get(kind);
    const note = skipped
      ? `  not imported: ${skipped}`
      : dropped
        ? `  ${dropped} dropped: expired or ended by the old site's own rules`
        : "";
    log(`  ${kind.padEnd(30)}${pad(count, 8)}${note}`);
  }
  for (const warning of plan.warnings) log(`warning: ${warning}`);
  const report: ImportReport = {
    found: snapshot.found,
    dropped: plan.dropped,
    unknown: snapshot.unknown,
    warnings: plan.warnings,
    tables: null,
    changedSinceCopied: [],
  };
  if (snapshot.unknown.length > 0) {
    log(`${snapshot.unknown.length} keys are of no kind the old site wrote:`);
    for (const key of snapshot.unknown.slice(0, 50)) log(`  ${key}`);
    if (!allowUnknown) {
      log("Nothing was written. Look at them, then run again with --allow-unknown to leave them in Blobs.");
      return report;
    }
  }

  const written = await writePlan(db, plan, { dryRun });
  report.tables = written.tables;
  report.changedSinceCopied = written.changedSinceCopied;
  log(dryRun ? "Rows, by table (dry run: rolled back, nothing written):" : "Rows, by table:");
  log(`  ${"table".padEnd(20)}${pad("before", 9)}${pad("planned", 9)}${pad("added", 9)}${pad("after", 9)}`);
  for (const table of TABLES) {
    const { before, planned, added, after } = report.tables[table];
    log(`  ${table.padEnd(20)}${pad(before, 9)}${pad(planned, 9)}${pad(added, 9)}${pad(after, 9)}`);
  }
  if (written.changedSinceCopied.length > 0) {
    log(
      `${written.changedSinceCopied.length} accounts changed in Blobs since they were copied (their rows are left as copied; look at them):`,
    );
    for (const name of written.changedSinceCopied) log(`  ${name}`);
  }
  return report;
}
