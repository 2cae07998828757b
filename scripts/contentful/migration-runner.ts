/**
 * Applies the migrations a space has not had yet, in order, and records each in the space as it
 * succeeds. contentful-migration itself keeps no record and cannot create a type "only if
 * missing", so the record is ours: the names of the applied migrations, in one draft entry
 * (never published, so the Delivery API and the site never see it). Decision 0029.
 */
import type { MigrationFunction } from "contentful-migration";
import type { ModelMigration } from "./migrations/index.ts";

/** What the runner needs of a space; the real one is in migrate.ts, a fake in the tests. */
export type MigrationSpace = {
  /** The ids of the content types the space has. */
  contentTypeIds(): Promise<string[]>;
  /** The names recorded as applied, or null when the space has no record yet. */
  readApplied(): Promise<string[] | null>;
  /** Replaces the record with `names`. */
  recordApplied(names: readonly string[]): Promise<void>;
  run(migrate: MigrationFunction): Promise<void>;
};

export type MigrationOutcome = { ran: string[]; adopted: string[]; alreadyApplied: string[] };

export class MigrationRefused extends Error {
  override name = "MigrationRefused";
}

export async function applyMigrations(
  space: MigrationSpace,
  migrations: readonly ModelMigration[],
  log: (line: string) => void,
): Promise<MigrationOutcome> {
  const applied = (await space.readApplied()) ?? [];
  const known = new Set(migrations.map((migration) => migration.name));
  const unknown = applied.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    // Another checkout (a newer branch) changed this space: running ours could undo its work.
    throw new MigrationRefused(
      `The space records migrations this checkout does not have (${unknown.join(", ")}): ` +
        "run the command from a checkout that has them.",
    );
  }
  const outcome: MigrationOutcome = { ran: [], adopted: [], alreadyApplied: [] };
  let existing: Set<string> | undefined;
  for (const migration of migrations) {
    if (applied.includes(migration.name)) {
      outcome.alreadyApplied.push(migration.name);
      continue;
    }
    if (migration.adopts) {
      existing ??= new Set(await space.contentTypeIds());
      const present = migration.adopts.filter((id) => existing?.has(id));
      if (present.length === migration.adopts.length) {
        applied.push(migration.name);
        await space.recordApplied(applied);
        outcome.adopted.push(migration.name);
        log(
          `${migration.name}: the space already has ${present.join(", ")}; recorded as applied, nothing changed`,
        );
        continue;
      }
      if (present.length > 0) {
        const missing = migration.adopts.filter((id) => !existing?.has(id));
        throw new MigrationRefused(
          `${migration.name}: the space has ${present.join(", ")} but not ${missing.join(", ")}. ` +
            "Create the missing types by hand as migrations/" +
            `${migration.name}.ts describes them (or remove the others), then run this again.`,
        );
      }
    }
    log(`${migration.name}: applying`);
    await space.run(migration.migrate);
    applied.push(migration.name);
    await space.recordApplied(applied);
    outcome.ran.push(migration.name);
  }
  log(
    outcome.ran.length + outcome.adopted.length === 0
      ? `Nothing to do: all ${migrations.length} migrations are applied.`
      : `Done: ${outcome.ran.length} applied, ${outcome.adopted.length} recorded as already in place.`,
  );
  return outcome;
}
