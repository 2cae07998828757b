/**
 * npm run contentful:import [-- --overwrite]: puts today's content (content/*.yaml, the news, the
 * events, the slides, and the files they use from public/ and content/news/media/) into a space
 * whose model is up to date (npm run contentful:migrate first), published. Ids are stable and
 * everything is compared before it is written, so running it again changes nothing; an entry
 * edited in Contentful since is kept unless --overwrite is given.
 *
 * Needs CONTENTFUL_MANAGEMENT_TOKEN and CONTENTFUL_SPACE_ID; CONTENTFUL_ENVIRONMENT (default master).
 */
import { readFile } from "node:fs/promises";
import type { PlainClientAPI } from "contentful-management";
import { runCommand } from "./command.ts";
import { applyImport, type ExistingAsset, type ExistingEntry, type ImportTarget } from "./import-apply.ts";
import { importPlan } from "./import-plan.ts";
import { readImportSource } from "./import-source.ts";
import { defaultLocale, isNotFound, managementClient, managementSettings } from "./management.ts";

type Localized = Record<string, Record<string, unknown> | undefined>;

/** A version past the published one means changes since publishing (publishing itself adds one). */
const publishedAsIs = (sys: { version: number; publishedVersion?: number }) =>
  sys.publishedVersion !== undefined && sys.version === sys.publishedVersion + 1;

async function orNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

function contentfulTarget(client: PlainClientAPI, locale: string): ImportTarget {
  const inLocale = (fields: Localized) =>
    Object.fromEntries(
      Object.entries(fields)
        .map(([key, values]) => [key, values?.[locale]] as const)
        .filter(([, value]) => value !== undefined),
    );
  const localized = (fields: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, { [locale]: value }]));

  return {
    async getAsset(id) {
      const asset = await orNull(() => client.asset.get({ assetId: id }));
      if (!asset) return null;
      const fields = inLocale(asset.fields as Localized) as {
        title?: string;
        description?: string;
        file?: { fileName?: string; contentType?: string; url?: string; details?: { size?: number } };
      };
      const existing: ExistingAsset = {
        ...(fields.title !== undefined ? { title: fields.title } : {}),
        ...(fields.description !== undefined ? { description: fields.description } : {}),
        ...(fields.file?.fileName !== undefined ? { fileName: fields.file.fileName } : {}),
        ...(fields.file?.contentType !== undefined ? { contentType: fields.file.contentType } : {}),
        ...(fields.file?.details?.size !== undefined ? { size: fields.file.details.size } : {}),
        processed: Boolean(fields.file?.url),
        publishedAsIs: publishedAsIs(asset.sys),
      };
      return existing;
    },
    async putAsset(asset, exists) {
      const bytes = await readFile(asset.file);
      const upload = await client.upload.create(
        {},
        { file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer },
      );
      const fields = {
        title: { [locale]: asset.title },
        ...(asset.description ? { description: { [locale]: asset.description } } : {}),
        file: {
          [locale]: {
            fileName: asset.fileName,
            contentType: asset.contentType,
            uploadFrom: { sys: { type: "Link", linkType: "Upload", id: upload.sys.id } },
          },
        },
      };
      const written = exists
        ? await client.asset.update(
            { assetId: asset.id },
            { ...(await client.asset.get({ assetId: asset.id })), fields },
          )
        : await client.asset.createWithId({ assetId: asset.id }, { fields });
      // Processing copies the upload into place; it waits until Contentful has done so.
      const processed = await client.asset.processForAllLocales({}, written);
      await client.asset.publish({ assetId: asset.id }, processed);
    },
    async publishAsset(id) {
      await client.asset.publish({ assetId: id }, await client.asset.get({ assetId: id }));
    },
    async getEntry(id) {
      const entry = await orNull(() => client.entry.get({ entryId: id }));
      if (!entry) return null;
      const existing: ExistingEntry = {
        contentType: entry.sys.contentType.sys.id,
        fields: inLocale(entry.fields as Localized),
        publishedAsIs: publishedAsIs(entry.sys),
      };
      return existing;
    },
    async putEntry(entry, exists) {
      const written = exists
        ? await client.entry.update(
            { entryId: entry.id },
            { ...(await client.entry.get({ entryId: entry.id })), fields: localized(entry.fields) },
          )
        : await client.entry.createWithId(
            { contentTypeId: entry.contentType, entryId: entry.id },
            { fields: localized(entry.fields) },
          );
      await client.entry.publish({ entryId: entry.id }, written);
    },
    async publishEntry(id) {
      await client.entry.publish({ entryId: id }, await client.entry.get({ entryId: id }));
    },
  };
}

await runCommand(async () => {
  const settings = managementSettings();
  const overwrite = process.argv.includes("--overwrite");
  const plan = await importPlan(await readImportSource());
  const client = managementClient(settings);
  console.log(
    `Importing ${plan.entries.length} entries and ${plan.assets.length} files into space ${settings.spaceId} ` +
      `(${settings.environmentId})${overwrite ? ", replacing what differs" : ""}:`,
  );
  await applyImport(plan, contentfulTarget(client, await defaultLocale(client)), { overwrite }, console.log);
});
