/**
 * A recording fake of contentful-migration's builder: runs migration functions without a space and
 * collects the content types and fields they leave behind. It knows only the calls our migrations
 * make; any other call throws, so a migration using something new makes its test fail until the
 * fake learns it (rather than being silently ignored).
 */
import type Migration from "contentful-migration";
import type { IFieldOptions, MigrationFunction } from "contentful-migration";

export type RecordedField = {
  id: string;
  type?: string;
  name?: string;
  required?: boolean;
  linkType?: string;
  validations?: Record<string, unknown>[];
  items?: { type?: string; linkType?: string; validations?: Record<string, unknown>[] };
  control?: { widgetId: string; settings?: Record<string, unknown> };
};

export type RecordedType = {
  id: string;
  name?: string;
  displayField?: string;
  description?: string;
  fields: Map<string, RecordedField>;
};

const refuseOthers = <T extends object>(target: T, what: string): T =>
  new Proxy(target, {
    get(object, property, receiver) {
      if (property in object || typeof property === "symbol" || property === "then")
        return Reflect.get(object, property, receiver);
      throw new Error(`the recording fake does not know ${what}.${String(property)}(): teach it`);
    },
  });

function fieldBuilder(field: RecordedField) {
  const builder: Record<string, (value: unknown) => unknown> = {};
  for (const key of ["name", "type", "required", "linkType", "validations", "items"] as const) {
    builder[key] = (value) => {
      (field as Record<string, unknown>)[key] = value;
      return proxy;
    };
  }
  const proxy = refuseOthers(builder, "field");
  return proxy;
}

function contentTypeBuilder(type: RecordedType) {
  return refuseOthers(
    {
      name: (name: string) => {
        type.name = name;
      },
      displayField: (id: string) => {
        type.displayField = id;
      },
      description: (text: string) => {
        type.description = text;
      },
      createField(id: string, init?: IFieldOptions) {
        if (type.fields.has(id)) throw new Error(`${type.id}.${id} is created twice`);
        const field: RecordedField = { id, ...(init as Omit<RecordedField, "id">) };
        type.fields.set(id, field);
        return fieldBuilder(field);
      },
      editField(id: string, init?: IFieldOptions) {
        const field = type.fields.get(id);
        if (!field) throw new Error(`${type.id}.${id} is edited but does not exist`);
        Object.assign(field, init);
        return fieldBuilder(field);
      },
      deleteField(id: string) {
        if (!type.fields.delete(id)) throw new Error(`${type.id}.${id} is deleted but does not exist`);
      },
      changeFieldControl(
        id: string,
        _namespace: string,
        widgetId: string,
        settings?: Record<string, unknown>,
      ) {
        const field = type.fields.get(id);
        if (!field) throw new Error(`${type.id}: a control is set for ${id}, which does not exist`);
        field.control = { widgetId, ...(settings ? { settings } : {}) };
      },
    },
    "contentType",
  );
}

/** Runs `migrations` in order against an empty recording space; answers the types they leave. */
export function recordMigrations(migrations: readonly MigrationFunction[]): Map<string, RecordedType> {
  const types = new Map<string, RecordedType>();
  const migration = refuseOthers(
    {
      createContentType(id: string, init?: { name?: string; displayField?: string; description?: string }) {
        if (types.has(id)) throw new Error(`content type ${id} is created twice`);
        const type: RecordedType = { id, ...init, fields: new Map() };
        types.set(id, type);
        return contentTypeBuilder(type);
      },
      editContentType(id: string, changes?: { name?: string; displayField?: string; description?: string }) {
        const type = types.get(id);
        if (!type) throw new Error(`content type ${id} is edited but does not exist`);
        Object.assign(type, changes);
        return contentTypeBuilder(type);
      },
      deleteContentType(id: string) {
        if (!types.delete(id)) throw new Error(`content type ${id} is deleted but does not exist`);
      },
    },
    "migration",
  );
  for (const migrate of migrations) migrate(migration as unknown as Migration);
  return types;
}

/** A recorded field's kind in the terms of src/server/content/content-model.server.ts. */
export function kindOf(field: RecordedField): string {
  if (field.type === "Link") return field.linkType ?? "Link?";
  if (field.type !== "Array") return field.type ?? "?";
  if (field.items?.type !== "Link") return `${field.items?.type}s`;
  return field.items.linkType === "Entry" ? "Entries" : "Assets";
}

/** The content types a link field may point to (linkContentType), or undefined for none. */
export function linkTargets(field: RecordedField): string[] | undefined {
  const validations = (field.type === "Array" ? field.items?.validations : field.validations) ?? [];
  const found = validations.find((validation) => "linkContentType" in validation);
  return found ? (found.linkContentType as string[]) : undefined;
}
