/**
 * Writes an import plan to a space, comparing before it writes: what is already there as planned
 * is left alone, so a second run changes nothing. What is there but differs (the secretariat has
 * edited it since) is kept and reported, unless `overwrite` is asked for: the import seeds a
 * space, it never undoes an editor's work by default.
 */
import { isDeepStrictEqual } from "node:util";
import type { ImportPlan, PlannedAsset, PlannedEntry } from "./import-plan.ts";

/** An entry as the space has it: its fields in the default locale, and whether it is published as it stands. */
export type ExistingEntry = { contentType: string; fields: Record<string, unknown>; publishedAsIs: boolean };
/** An asset as the space has it; `processed` once its file is in place. */
export type ExistingAsset = {
  title?: string;
  description?: string;
  fileName?: string;
  contentType?: string;
  size?: number;
  processed: boolean;
  publishedAsIs: boolean;
};

/** What the import needs of a space; the real one is in import.ts, a fake in the tests. */
export type ImportTarget = {
  getAsset(id: string): Promise<ExistingAsset | null>;
  /** Uploads, processes and publishes the asset (creating it, or replacing what `id` has). */
  putAsset(asset: PlannedAsset, exists: boolean): Promise<void>;
  /** Publishes the asset as it stands (its file already processed). */
  publishAsset(id: string): Promise<void>;
  getEntry(id: string): Promise<ExistingEntry | null>;
  /** Writes the entry's fields (creating it, or replacing its fields) and publishes it. */
  putEntry(entry: PlannedEntry, exists: boolean): Promise<void>;
  publishEntry(id: string): Promise<void>;
};

export type ImportReport = {
  created: string[];
  updated: string[];
  published: string[];
  unchanged: string[];
  kept: string[];
};

const sameAsset = (planned: PlannedAsset, existing: ExistingAsset) =>
  existing.processed &&
  existing.title === planned.title &&
  (existing.description ?? undefined) === planned.description &&
  existing.fileName === planned.fileName &&
  existing.contentType === planned.contentType &&
  // Contentful keeps no checksum of a file; its name, type and size stand in for its contents.
  existing.size === planned.size;

export async function applyImport(
  plan: ImportPlan,
  target: ImportTarget,
  options: { overwrite: boolean },
  log: (line: string) => void,
): Promise<ImportReport> {
  const report: ImportReport = { created: [], updated: [], published: [], unchanged: [], kept: [] };

  const apply = async (
    id: string,
    what: string,
    existing: { publishedAsIs: boolean } | null,
    same: boolean,
    put: (exists: boolean) => Promise<void>,
    publish: () => Promise<void>,
  ) => {
    if (!existing) {
      await put(false);
      report.created.push(id);
      log(`created ${what} ${id}`);
    } else if (!same && !options.overwrite) {
      report.kept.push(id);
      log(`kept ${what} ${id}: it differs from the repository's content (--overwrite replaces it)`);
    } else if (!same) {
      await put(true);
      report.updated.push(id);
      log(`updated ${what} ${id}`);
    } else if (!existing.publishedAsIs) {
      await publish();
      report.published.push(id);
      log(`published ${what} ${id}`);
    } else {
      report.unchanged.push(id);
    }
  };

  for (const asset of plan.assets) {
    const existing = await target.getAsset(asset.id);
    await apply(
      asset.id,
      "asset",
      existing,
      existing !== null && sameAsset(asset, existing),
      (exists) => target.putAsset(asset, exists),
      () => target.publishAsset(asset.id),
    );
  }
  for (const entry of plan.entries) {
    const existing = await target.getEntry(entry.id);
    if (existing && existing.contentType !== entry.contentType) {
      throw new Error(
        `Entry ${entry.id} is a ${existing.contentType} in the space, but the import would make it a ${entry.contentType}`,
      );
    }
    await apply(
      entry.id,
      `${entry.contentType} entry`,
      existing,
      existing !== null && isDeepStrictEqual(existing.fields, entry.fields),
      (exists) => target.putEntry(entry, exists),
      () => target.publishEntry(entry.id),
    );
  }
  log(
    `${report.created.length} created, ${report.updated.length} updated, ${report.published.length} published, ` +
      `${report.unchanged.length} unchanged, ${report.kept.length} kept as edited in Contentful`,
  );
  return report;
}
