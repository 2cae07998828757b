/**
 * The content model (content-model.server.ts) and the content files' schemas
 * (src/shared/content-schemas.ts) agree, as the mapping (contentful-content.server.ts) joins them:
 * every key a schema declares is filled from some field of the model, and every field of the
 * model's site types reaches a key the schema declares (or is a title that names its entry in
 * Contentful only, and says so to editors). The correspondence is not listed here: the
 * mapping is run on the fixtures' space (what the import makes of the YAML), with every field of
 * every entry filled in, and what it makes is walked alongside the schemas.
 * (migrations.test.ts checks the model against the migrations.)
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { type ContentFile, contentFiles, contentSchemas } from "#shared/content-schemas.ts";
import { z } from "#shared/zod.ts";
import { MIGRATIONS } from "../../../scripts/contentful/migrations/index.ts";
import type { SpaceFixtures } from "../../../tests/mocks/contentful.ts";
import { recordMigrations } from "../../../tests/support/recording-migration.ts";
import {
  CONTENT_MODEL,
  type ContentTypeSpec,
  type FieldSpec,
  SITE_TYPE_IDS,
  SITE_TYPES,
} from "./content-model.server.ts";
import { type CdaEntry, type CdaSpace, filesFromSpace } from "./contentful-content.server.ts";
import { type ContentSnapshot, yamlContent } from "./page-content.server.ts";

/**
 * Schema keys only the YAML gives: a rules section's text is `paragraphs` and `items` in the YAML,
 * a Rich Text `body` in Contentful (src/shared/schemas/rules.ts).
 */
const YAML_ONLY = ["rules.yaml: sections[].paragraphs", "rules.yaml: sections[].items"];
/** Keys absent by design: the honorary membership has no fee (decision 0051); the other types' are walked. */
const ABSENT = ["membership.yaml: types[].fees"];

const root = path.resolve(import.meta.dirname, "../../..");
const fixtures = JSON.parse(
  readFileSync(path.join(root, "tests/fixtures/contentful/space.json"), "utf8"),
) as SpaceFixtures;
const model = CONTENT_MODEL as Record<string, ContentTypeSpec>;
const siteTypes = SITE_TYPES as Record<string, ContentTypeSpec>;
const repository: ContentSnapshot = yamlContent();

const link = (linkType: "Entry" | "Asset", id: string) => ({ sys: { type: "Link", linkType, id } });

/**
 * The fixtures' entries with every field of the model filled in: a field an entry leaves empty
 * gets a value of its kind (a link to the first entry of a type it may link to, or to an image).
 */
function fullEntries(): CdaEntry[] {
  const entries = structuredClone(fixtures.entries) as CdaEntry[];
  const firstOf = (types: readonly string[] = []) => {
    const found = entries.find((entry) => types.includes(entry.sys.contentType.sys.id));
    if (!found) throw new Error(`the fixtures have no entry of ${types.join(" or ")} to link to`);
    return link("Entry", found.sys.id);
  };
  const image = fixtures.assets.find((asset) => /\.(png|jpe?g|webp|svg)$/.test(asset.fields.file.url));
  if (!image) throw new Error("the fixtures have no image to link to");
  const filler = (id: string, spec: FieldSpec): unknown => {
    switch (spec.kind) {
      case "Symbol":
      case "Text":
        return `filled-in ${id}`;
      case "RichText":
        return {
          nodeType: "document",
          data: {},
          content: [
            {
              nodeType: "paragraph",
              data: {},
              content: [{ nodeType: "text", value: `filled-in ${id}`, marks: [], data: {} }],
            },
          ],
        };
      case "Integer":
        return 7;
      case "Number":
        return 7.5;
      case "Date":
        return "2026-04-01";
      case "Symbols":
        return [`filled-in ${id}`];
      case "Asset":
        return link("Asset", image.sys.id);
      case "Assets":
        return [link("Asset", image.sys.id)];
      case "Entry":
        return firstOf(spec.to);
      case "Entries":
        return [firstOf(spec.to)];
    }
  };
  for (const entry of entries) {
    const type = model[entry.sys.contentType.sys.id];
    if (!type) throw new Error(`fixture entry ${entry.sys.id} is of a type the model does not have`);
    for (const [id, spec] of Object.entries(type.fields))
      if (entry.fields[id] === undefined) entry.fields[id] = filler(id, spec);
  }
  return entries;
}

/**
 * A reading of the space from `entries`, whose fields note each read in `reads`
 * ("type.field"), and `listed` when something lists an entry's fields rather than asking for one.
 */
function readingOf(entries: CdaEntry[], reads = new Set<string>(), listed = { fields: false }): CdaSpace {
  const tracked = entries.map((entry) => {
    const type = entry.sys.contentType.sys.id;
    const fields = new Proxy(entry.fields, {
      get(target, property, receiver) {
        if (typeof property === "string") reads.add(`${type}.${property}`);
        return Reflect.get(target, property, receiver);
      },
      ownKeys(target) {
        listed.fields = true;
        return Reflect.ownKeys(target);
      },
    });
    return { ...entry, fields };
  });
  const ours = new Set<string>(SITE_TYPE_IDS);
  return {
    entries: tracked.filter((entry) => ours.has(entry.sys.contentType.sys.id)),
    linkedEntries: tracked.filter((entry) => !ours.has(entry.sys.contentType.sys.id)),
    assets: structuredClone(fixtures.assets) as CdaSpace["assets"],
  };
}

/** The content files the mapping makes of `entries`; those it takes whole from the repository are left out. */
function mapped(entries: CdaEntry[], reads?: Set<string>, listed?: { fields: boolean }) {
  const { files } = filesFromSpace(readingOf(entries, reads, listed), repository);
  return Object.fromEntries(
    contentFiles.filter((file) => files[file] !== repository[file]).map((file) => [file, files[file]]),
  ) as Partial<Record<ContentFile, unknown>>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * `value` walked alongside `schema`: gives back only what the schema declares (an object's keys
 * it has not declared are dropped; unions and scalars are taken whole), and adds to `missing` the
 * path of each declared key `value` has no value for, and of each list or record left empty
 * (whose items could not be looked at).
 */
function declared(schema: z.ZodType, value: unknown, at: string, missing: string[]): unknown {
  if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault ||
    schema instanceof z.ZodReadonly
  )
    return declared(schema.unwrap() as z.ZodType, value, at, missing);
  if (schema instanceof z.ZodLazy) return declared(schema.unwrap() as z.ZodType, value, at, missing);
  if (schema instanceof z.ZodPipe) return declared(schema.in as z.ZodType, value, at, missing);
  if (schema instanceof z.ZodObject) {
    if (!isRecord(value)) return value;
    const kept: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      const path = at.endsWith(" ") ? `${at}${key}` : `${at}.${key}`;
      if (value[key] === undefined) missing.push(path);
      else kept[key] = declared(inner, value[key], path, missing);
    }
    return kept;
  }
  if (schema instanceof z.ZodArray) {
    if (!Array.isArray(value)) return value;
    if (value.length === 0) missing.push(`${at}[] (the list is empty)`);
    return value.map((item) => declared(schema.element as z.ZodType, item, `${at}[]`, missing));
  }
  if (schema instanceof z.ZodRecord) {
    if (!isRecord(value)) return value;
    if (Object.keys(value).length === 0) missing.push(`${at}{} (the record is empty)`);
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        declared(schema.valueType as z.ZodType, item, `${at}{}`, missing),
      ]),
    );
  }
  return value;
}

/** What of the mapped files their schemas declare, and the declared keys nothing filled. */
function declaredContent(files: Partial<Record<ContentFile, unknown>>) {
  const missing: string[] = [];
  const content = Object.fromEntries(
    Object.entries(files).map(([file, value]) => [
      file,
      declared(contentSchemas[file as ContentFile], value, `${file}: `, missing),
    ]),
  );
  return { content, missing: [...new Set(missing)].sort() };
}

const everyField = (types: Record<string, ContentTypeSpec>) =>
  Object.entries(types).flatMap(([type, spec]) => Object.keys(spec.fields).map((field) => ({ type, field })));

const full = fullEntries();
const reads = new Set<string>();
const listed = { fields: false };
const fullFiles = mapped(full, reads, listed);
const fullContent = declaredContent(fullFiles);

describe("the content model and the content files' schemas", () => {
  it("are joined by the mapping for every site type, each field asked for by name", () => {
    expect(listed.fields).toBe(false);
    const readTypes = new Set([...reads].map((read) => read.split(".")[0]));
    expect(SITE_TYPE_IDS.filter((type) => !readTypes.has(type))).toEqual([]);
    // Not vacuous: the files the mapping makes from Contentful are all walked.
    expect(Object.keys(fullFiles).sort()).toEqual(
      contentFiles.filter((file) => file !== "privacy.yaml").sort(),
    );
  });

  it("give every key a schema declares a field of the model (the YAML-only keys aside)", () => {
    expect(fullContent.missing).toEqual([...YAML_ONLY, ...ABSENT].sort());
  });

  it("read every field of the site types, and what each holds reaches a key the schema declares", () => {
    const unread = everyField(siteTypes)
      .filter(({ type, field }) => !reads.has(`${type}.${field}`))
      .map(({ type, field }) => `${type}.${field}`);
    expect(unread).toEqual([]);

    const lost = everyField(siteTypes)
      .filter(({ type, field }) => {
        const without = structuredClone(full);
        for (const entry of without) if (entry.sys.contentType.sys.id === type) delete entry.fields[field];
        return isDeepStrictEqual(declaredContent(mapped(without)).content, fullContent.content);
      })
      .map(({ type, field }) => `${type}.${field}`);
    // A field lost on the way is allowed only as the name of its entry in Contentful (read above,
    // as the name a problem with the entry is reported under): a page's title the site does not
    // show, whose editor tells the secretariat so.
    const names = lost.filter((id) => {
      const [type, field] = id.split(".") as [string, string];
      return siteTypes[type]?.displayField === field;
    });
    expect(lost.filter((id) => !names.includes(id))).toEqual([]);
    const recorded = recordMigrations(MIGRATIONS.map((migration) => migration.migrate));
    const helpText = (id: string) => {
      const [type, field] = id.split(".") as [string, string];
      return recorded.get(type)?.fields.get(field)?.control?.settings?.helpText;
    };
    expect(names.filter((id) => !/the site does not show it/.test(String(helpText(id))))).toEqual([]);
  });
});
