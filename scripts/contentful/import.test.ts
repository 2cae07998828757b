/**
 * The import: its plan is today's content with stable, valid ids, leaves before what links to
 * them; the committed fixtures are that plan in the Delivery API's form; written to a space, a
 * second run changes nothing; an entry edited in Contentful is kept; and the news, events and
 * slides it writes read back through the site's existing Contentful sources as they read locally.
 */
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { contentfulConfig, readEnv } from "../../src/server/env.server.ts";
import { contentfulEvents } from "../../src/server/events/contentful-events.server.ts";
import { contentfulNews } from "../../src/server/news/contentful-news.server.ts";
import { contentfulSlides } from "../../src/server/slides/contentful-slides.server.ts";
import { contentfulSpace, type SpaceFixtures } from "../../tests/mocks/contentful.ts";
import { setupMsw } from "../../tests/support/msw.ts";
import { assetId } from "./ids.ts";
import { applyImport, type ExistingAsset, type ExistingEntry, type ImportTarget } from "./import-apply.ts";
import { importPlan, type Link } from "./import-plan.ts";
import { readImportSource } from "./import-source.ts";
import { deliveryFixtures, FIXTURE_FILE } from "./make-fixtures.ts";

const source = await readImportSource();
const plan = await importPlan(source);
const committed = JSON.parse(await readFile(FIXTURE_FILE, "utf8")) as SpaceFixtures;

const linksIn = (value: unknown): Link[] =>
  Array.isArray(value)
    ? value.flatMap(linksIn)
    : (value as Link | null)?.sys?.type === "Link"
      ? [value as Link]
      : [];

describe("the import plan", () => {
  it("gives every entry and asset a valid id of its own", () => {
    const ids = [...plan.entries, ...plan.assets].map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9._-]{1,64}$/);
  });

  it("writes each entry after everything it links to", () => {
    const written = new Set(plan.assets.map((asset) => asset.id));
    for (const entry of plan.entries) {
      for (const link of Object.values(entry.fields).flatMap(linksIn)) {
        expect({ entry: entry.id, linksTo: link.sys.id, written: written.has(link.sys.id) }).toMatchObject({
          written: true,
        });
      }
      written.add(entry.id);
    }
  });

  it("takes only the files the content uses, named by their site path", () => {
    expect(plan.assets.map((asset) => asset.sitePath).sort()).toContain("/downloads/award-guidelines.pdf");
    for (const asset of plan.assets) expect(asset.id).toBe(assetId(asset.sitePath));
    expect(plan.assets.some((asset) => asset.sitePath.endsWith("-480.webp"))).toBe(false);
  });

  it("is what the committed fixtures hold (if not: node scripts/contentful/make-fixtures.ts, then npm run format)", async () => {
    expect(committed).toEqual(await deliveryFixtures(plan));
  });
});

/** A space in memory, with a count of the writes made to it. */
function memorySpace() {
  const assets = new Map<string, ExistingAsset>();
  const entries = new Map<string, ExistingEntry>();
  const writes: string[] = [];
  const target: ImportTarget = {
    getAsset: async (id) => structuredClone(assets.get(id) ?? null),
    putAsset: async (asset) => {
      writes.push(`asset ${asset.id}`);
      assets.set(asset.id, {
        title: asset.title,
        ...(asset.description ? { description: asset.description } : {}),
        fileName: asset.fileName,
        contentType: asset.contentType,
        size: asset.size,
        processed: true,
        publishedAsIs: true,
      });
    },
    publishAsset: async (id) => {
      writes.push(`publish asset ${id}`);
    },
    getEntry: async (id) => structuredClone(entries.get(id) ?? null),
    putEntry: async (entry) => {
      writes.push(`entry ${entry.id}`);
      entries.set(entry.id, {
        contentType: entry.contentType,
        fields: structuredClone(entry.fields),
        publishedAsIs: true,
      });
    },
    publishEntry: async (id) => {
      writes.push(`publish entry ${id}`);
      const entry = entries.get(id);
      if (entry) entry.publishedAsIs = true;
    },
  };
  return { target, assets, entries, writes };
}

const quiet = () => {};

describe("applying the import", () => {
  it("creates everything in an empty space, and changes nothing the second time", async () => {
    const space = memorySpace();
    const first = await applyImport(plan, space.target, { overwrite: false }, quiet);
    expect(first.created).toHaveLength(plan.entries.length + plan.assets.length);
    const writes = space.writes.length;

    const second = await applyImport(plan, space.target, { overwrite: false }, quiet);
    expect(space.writes.length).toBe(writes);
    expect(second.unchanged).toHaveLength(plan.entries.length + plan.assets.length);
  });

  it("keeps an entry edited in Contentful, and replaces it only when asked", async () => {
    const space = memorySpace();
    await applyImport(plan, space.target, { overwrite: false }, quiet);
    const edited = space.entries.get("membership-fee-1-2026-27");
    if (!edited) throw new Error("no fee entry");
    edited.fields.amount = 1500;

    const kept = await applyImport(plan, space.target, { overwrite: false }, quiet);
    expect(kept.kept).toEqual(["membership-fee-1-2026-27"]);
    expect(space.entries.get("membership-fee-1-2026-27")?.fields.amount).toBe(1500);

    const replaced = await applyImport(plan, space.target, { overwrite: true }, quiet);
    expect(replaced.updated).toEqual(["membership-fee-1-2026-27"]);
    expect(space.entries.get("membership-fee-1-2026-27")?.fields.amount).toBeUndefined();
  });

  it("publishes what an interrupted run left as a draft", async () => {
    const space = memorySpace();
    await applyImport(plan, space.target, { overwrite: false }, quiet);
    const draft = space.entries.get("aboutPage");
    if (draft) draft.publishedAsIs = false;
    const report = await applyImport(plan, space.target, { overwrite: false }, quiet);
    expect(report.published).toEqual(["aboutPage"]);
  });

  it("refuses to turn an entry of one type into another", async () => {
    const space = memorySpace();
    space.entries.set("aboutPage", { contentType: "rulesPage", fields: {}, publishedAsIs: true });
    await expect(applyImport(plan, space.target, { overwrite: true }, quiet)).rejects.toThrow(
      /aboutPage is a rulesPage in the space/,
    );
  });
});

describe("the imported news, events and slides", () => {
  setupMsw(contentfulSpace(committed));
  const config = contentfulConfig(
    readEnv({
      CONTENTFUL_SPACE_ID: "isgpbfixtures",
      CONTENTFUL_ACCESS_TOKEN: "token",
      CONTENTFUL_RETRY_LIMIT: "0",
    }),
  );
  if (!config) throw new Error("no config");
  const urlOf = new Map(committed.assets.map((asset) => [asset.sys.id, `https:${asset.fields.file.url}`]));
  const imported = (sitePath: string) => urlOf.get(assetId(sitePath));

  it("read back as the news the site has", async () => {
    const bySlug = (a: { slug: string }, b: { slug: string }) => a.slug.localeCompare(b.slug);
    const expected = source.news
      .map((item) => ({
        ...item,
        image: item.image && { ...item.image, url: imported(item.image.url) },
        attachment: item.attachment && { ...item.attachment, url: imported(item.attachment.url) },
      }))
      .sort(bySlug);
    expect([...(await contentfulNews(config).all())].sort(bySlug)).toEqual(expected);
  });

  it("read back as the events the site has", async () => {
    const expected = source.events.map((event) => ({
      ...event,
      attachment: event.attachment && { ...event.attachment, url: imported(event.attachment.url) },
    }));
    expect(await contentfulEvents(config).all()).toEqual(expected);
  });

  it("read back as the slides the site has, served at each width by the Images API", async () => {
    const slides = await contentfulSlides(config).all();
    expect(slides.map(({ alt, width, height }) => ({ alt, width, height }))).toEqual(
      source.slides.map(({ alt, width, height }) => ({ alt, width, height })),
    );
    expect(slides[0]?.srcset).toMatch(/field-trial-1600\.webp\?w=480&fm=webp/);
  });
});
