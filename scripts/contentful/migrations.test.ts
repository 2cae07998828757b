/**
 * The migrations (the model as applied to a space) and the content model the code reads
 * (src/server/content/content-model.server.ts) must agree: every type and field on one side is on
 * the other, with the same kind and link targets, and Rich Text fields allow exactly what the
 * shared schema accepts.
 */
import { describe, expect, it } from "vitest";
import {
  CONTENT_MODEL,
  type ContentTypeSpec,
  EXISTING_TYPES,
} from "../../src/server/content/content-model.server.ts";
import { RICH_TEXT_MARKS, RICH_TEXT_NODE_TYPES } from "../../src/shared/schemas/rich-text.ts";
import { kindOf, linkTargets, recordMigrations } from "../../tests/support/recording-migration.ts";
import { MIGRATIONS } from "./migrations/index.ts";

const recorded = recordMigrations(MIGRATIONS.map((migration) => migration.migrate));
const model = CONTENT_MODEL as Record<string, ContentTypeSpec>;

describe("the migrations and the content model", () => {
  it("have the same content types", () => {
    expect([...recorded.keys()].sort()).toEqual(Object.keys(model).sort());
  });

  it("have the same fields, of the same kinds, linking to the same types", () => {
    const describeModel = Object.fromEntries(
      Object.entries(model).map(([id, type]) => [
        id,
        Object.fromEntries(
          Object.entries(type.fields).map(([field, spec]) => [field, { kind: spec.kind, to: spec.to }]),
        ),
      ]),
    );
    const describeRecorded = Object.fromEntries(
      [...recorded.values()].map((type) => [
        type.id,
        Object.fromEntries(
          [...type.fields.values()].map((field) => [
            field.id,
            { kind: kindOf(field), to: linkTargets(field) },
          ]),
        ),
      ]),
    );
    expect(describeRecorded).toEqual(describeModel);
  });

  it("show the same field as each entry's title", () => {
    for (const [id, type] of Object.entries(model)) {
      expect({ id, displayField: recorded.get(id)?.displayField ?? "" }).toEqual({
        id,
        displayField: type.displayField,
      });
    }
  });

  it("let the Rich Text editor make only what the shared schema accepts", () => {
    const richTextFields = [...recorded.values()].flatMap((type) =>
      [...type.fields.values()]
        .filter((field) => field.type === "RichText")
        .map((field) => ({ type, field })),
    );
    expect(richTextFields.length).toBeGreaterThanOrEqual(4);
    for (const { type, field } of richTextFields) {
      const validation = (key: string) =>
        field.validations?.find((entry) => key in entry)?.[key] as string[] | undefined;
      expect({
        field: `${type.id}.${field.id}`,
        nodes: [...(validation("enabledNodeTypes") ?? [])].sort(),
      }).toEqual({
        field: `${type.id}.${field.id}`,
        nodes: [...RICH_TEXT_NODE_TYPES].sort(),
      });
      expect([...(validation("enabledMarks") ?? [])].sort()).toEqual([...RICH_TEXT_MARKS].sort());
    }
  });

  it("adopt exactly the types that were in use before", () => {
    const first = MIGRATIONS[0];
    expect(first?.adopts).toEqual(Object.keys(EXISTING_TYPES));
    expect(MIGRATIONS.slice(1).every((migration) => !migration.adopts)).toBe(true);
  });

  it("are named in order, each once", () => {
    const names = MIGRATIONS.map((migration) => migration.name);
    expect(names).toEqual([...names].sort());
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^\d{4}-[a-z0-9-]+$/);
  });
});

describe("the recording fake", () => {
  it("fails a migration that uses a call it does not know", () => {
    expect(() => recordMigrations([(migration) => void migration.transformEntries({} as never)])).toThrow(
      /does not know migration.transformEntries/,
    );
  });

  it("fails a control set for a field that does not exist", () => {
    expect(() =>
      recordMigrations([
        (migration) =>
          migration.createContentType("x").changeFieldControl("missing", "builtin", "singleLine"),
      ]),
    ).toThrow(/missing, which does not exist/);
  });
});
