/**
 * node scripts/contentful/make-fixtures.ts: writes tests/fixtures/contentful/space.json, the
 * Delivery API's form of today's content (what `npm run contentful:import` would put in a space),
 * which the fake Delivery API of tests/mocks/contentful.ts serves. Run it after changing the YAML,
 * the news, the events or the slides, then `npm run format`, and commit the file.
 */
import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { type ImportPlan, importPlan } from "./import-plan.ts";
import { REPOSITORY_ROOT, readImportSource } from "./import-source.ts";

export const FIXTURE_FILE = path.join(REPOSITORY_ROOT, "tests/fixtures/contentful/space.json");
export const FIXTURE_SPACE = "isgpbfixtures";

/** The plan's entries and assets as the Delivery API answers them (default locale, links as links). */
export async function deliveryFixtures(plan: ImportPlan) {
  const assets = await Promise.all(
    plan.assets.map(async (asset) => {
      // As on Contentful's CDN: images on images.ctfassets.net (the Images API's host), other files on assets.
      const host = asset.contentType.startsWith("image/") ? "images.ctfassets.net" : "assets.ctfassets.net";
      const token = createHash("sha256")
        .update(await readFile(asset.file))
        .digest("hex")
        .slice(0, 32);
      return {
        sys: { type: "Asset", id: asset.id, locale: "en-US" },
        fields: {
          title: asset.title,
          ...(asset.description ? { description: asset.description } : {}),
          file: {
            url: `//${host}/${FIXTURE_SPACE}/${asset.id}/${token}/${asset.fileName}`,
            fileName: asset.fileName,
            contentType: asset.contentType,
            details: { size: asset.size, ...(asset.image ? { image: asset.image } : {}) },
          },
        },
      };
    }),
  );
  const entries = plan.entries.map((entry) => ({
    sys: {
      type: "Entry",
      id: entry.id,
      locale: "en-US",
      contentType: { sys: { type: "Link", linkType: "ContentType", id: entry.contentType } },
    },
    fields: entry.fields,
  }));
  return { entries, assets };
}

export type DeliveryFixtures = Awaited<ReturnType<typeof deliveryFixtures>>;

if (import.meta.url === `file://${process.argv[1]}`) {
  const fixtures = await deliveryFixtures(await importPlan(await readImportSource()));
  await writeFile(FIXTURE_FILE, `${JSON.stringify(fixtures, null, 2)}\n`);
  console.log(
    `${path.relative(REPOSITORY_ROOT, FIXTURE_FILE)}: ${fixtures.entries.length} entries, ${fixtures.assets.length} assets`,
  );
}
