import type { MigrationFunction } from "contentful-migration";
import { describe, expect, it } from "vitest";
import { recordMigrations } from "../../tests/support/recording-migration.ts";
import { applyMigrations, MigrationRefused, type MigrationSpace } from "./migration-runner.ts";
import { MIGRATIONS, type ModelMigration } from "./migrations/index.ts";

/** A space in memory: its content types, its record, and the migrations run on it. */
function fakeSpace(types: string[] = [], record: string[] | null = null, failOn?: MigrationFunction) {
  const state = { types: new Set(types), record, runs: 0, writes: 0 };
  const ran: MigrationFunction[] = [];
  const space: MigrationSpace = {
    contentTypeIds: async () => [...state.types],
    readApplied: async () => (state.record ? [...state.record] : null),
    recordApplied: async (names) => {
      state.record = [...names];
      state.writes += 1;
    },
    run: async (migrate) => {
      if (migrate === failOn) throw new Error("422 Validation error");
      state.runs += 1;
      // Each builds on those run before it, as in a space: a migration may edit a type they made.
      ran.push(migrate);
      for (const id of recordMigrations(ran).keys()) state.types.add(id);
    },
  };
  return { space, state };
}

const names = MIGRATIONS.map((migration) => migration.name);
const quiet = () => {};

describe("applying the migrations", () => {
  it("runs every migration on an empty space, recording each", async () => {
    const { space, state } = fakeSpace();
    const outcome = await applyMigrations(space, MIGRATIONS, quiet);
    expect(outcome.ran).toEqual(names);
    expect(state.record).toEqual(names);
    expect(state.types.has("membershipFee")).toBe(true);
  });

  it("changes nothing the second time", async () => {
    const { space, state } = fakeSpace();
    await applyMigrations(space, MIGRATIONS, quiet);
    const before = { runs: state.runs, writes: state.writes };
    const lines: string[] = [];
    const outcome = await applyMigrations(space, MIGRATIONS, (line) => lines.push(line));
    expect(outcome).toEqual({ ran: [], adopted: [], alreadyApplied: names });
    expect({ runs: state.runs, writes: state.writes }).toEqual(before);
    expect(lines).toEqual([`Nothing to do: all ${names.length} migrations are applied.`]);
  });

  it("adopts the news, slides and events types of a space in use without touching them", async () => {
    const { space, state } = fakeSpace(["isgpbNews", "sliderShow", "isgpbEvent", "somethingElse"]);
    const outcome = await applyMigrations(space, MIGRATIONS, quiet);
    expect(outcome.adopted).toEqual(["0001-existing-types"]);
    expect(outcome.ran).toEqual(names.slice(1));
    expect(state.runs).toBe(names.length - 1);
    expect(state.record).toEqual(names);
  });

  it("stops on a space that has only some of those types", async () => {
    const { space, state } = fakeSpace(["isgpbNews"]);
    await expect(applyMigrations(space, MIGRATIONS, quiet)).rejects.toThrow(
      /0001-existing-types: the space has isgpbNews but not sliderShow, isgpbEvent/,
    );
    expect(state.runs).toBe(0);
  });

  it("stops on a space changed by a checkout with migrations this one lacks", async () => {
    const { space, state } = fakeSpace([], [...names, "0099-from-the-future"]);
    await expect(applyMigrations(space, MIGRATIONS, quiet)).rejects.toBeInstanceOf(MigrationRefused);
    expect(state.runs).toBe(0);
  });

  it("keeps what succeeded when a migration fails, and goes on from there next time", async () => {
    const failing = MIGRATIONS[3] as ModelMigration;
    const { space, state } = fakeSpace([], null, failing.migrate);
    await expect(applyMigrations(space, MIGRATIONS, quiet)).rejects.toThrow("422");
    expect(state.record).toEqual(names.slice(0, 3));

    const fixed = fakeSpace([...state.types], state.record);
    const outcome = await applyMigrations(fixed.space, MIGRATIONS, quiet);
    expect(outcome.ran).toEqual(names.slice(3));
  });
});
