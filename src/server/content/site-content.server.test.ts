/**
 * One content, two sources: the YAML and the Contentful form of it (the committed fixtures, what
 * `npm run contentful:import` writes) give the same SiteContent; a broken entry stops with a
 * message naming the entry, the field and the problem; a preview reads drafts with the preview
 * token, on the server.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { assetId } from "../../../scripts/contentful/ids.ts";
import { contentfulSpace, type SeenRequest, type SpaceFixtures } from "../../../tests/mocks/contentful.ts";
import { setupMsw } from "../../../tests/support/msw.ts";
import { contentfulConfig, readEnv } from "../env.server.ts";
import { SITE_TYPE_IDS, SITE_TYPES } from "./content-model.server.ts";
import { type CdaSpace, fetchSpace, siteContentFromSpace } from "./contentful-content.server.ts";
import { forgetSiteContent, loadSiteContent } from "./site-content.server.ts";
import { SiteContentError } from "./site-content-error.server.ts";

const root = path.resolve(import.meta.dirname, "../../..");
const fixtures = JSON.parse(
  await readFile(path.join(root, "tests/fixtures/contentful/space.json"), "utf8"),
) as SpaceFixtures;

const seen: SeenRequest[] = [];
const msw = setupMsw(contentfulSpace(fixtures, seen));
beforeEach(() => {
  seen.length = 0;
  forgetSiteContent();
});

const contentfulEnv = (extra: Record<string, string> = {}) =>
  readEnv({
    CONTENTFUL_SPACE_ID: "isgpbfixtures",
    CONTENTFUL_ACCESS_TOKEN: "delivery-token",
    CONTENTFUL_RETRY_LIMIT: "0",
    ...extra,
  });
const yamlEnv = readEnv({});

/** The YAML's site paths replaced by the URLs their imported assets have in the fixtures. */
function withFixtureUrls<T>(content: T): T {
  const urls = new Map(fixtures.assets.map((asset) => [asset.sys.id, `https:${asset.fields.file.url}`]));
  return JSON.parse(JSON.stringify(content), (_key, value) =>
    typeof value === "string" && /^\/(images|downloads)\//.test(value)
      ? (urls.get(assetId(value)) ?? value)
      : value,
  ) as T;
}

/** The fixtures as one reading of the space, entries changed by `change` (a deep copy: fixtures stay as they are). */
function space(change: (entries: SpaceFixtures["entries"]) => void = () => {}): CdaSpace {
  const entries = structuredClone(fixtures.entries);
  change(entries);
  const ours = new Set<string>(SITE_TYPE_IDS);
  return {
    entries: entries.filter((entry) => ours.has(entry.sys.contentType.sys.id)),
    linkedEntries: entries.filter((entry) => !ours.has(entry.sys.contentType.sys.id)),
    assets: structuredClone(fixtures.assets),
  } as CdaSpace;
}

const entryById = (entries: SpaceFixtures["entries"], id: string) => {
  const found = entries.find((entry) => entry.sys.id === id);
  if (!found) throw new Error(`no fixture entry ${id}`);
  return found;
};

function problemsOf(change: (entries: SpaceFixtures["entries"]) => void): string[] {
  try {
    siteContentFromSpace(space(change));
  } catch (error) {
    if (error instanceof SiteContentError) return [...error.problems];
    throw error;
  }
  throw new Error("the content was accepted");
}

describe("the site content", () => {
  it("is the same from the YAML and from its Contentful form", async () => {
    const fromYaml = await loadSiteContent({ env: yamlEnv });
    const fromContentful = await loadSiteContent({ env: contentfulEnv() });
    expect(seen.map((request) => request.host)).toEqual(["cdn.contentful.com"]);
    expect(fromContentful).toEqual(withFixtureUrls(fromYaml));
    // Not vacuous: both have the prose as Rich Text and the files as Contentful URLs.
    expect(fromContentful.rules.sections[2]?.body.content[0]?.nodeType).toBe("paragraph");
    expect(fromContentful.awards.awards[0]?.downloads[0]?.href).toMatch(
      /^https:\/\/assets\.ctfassets\.net\/isgpbfixtures\/downloads-award-guidelines-pdf\/\w+\/award-guidelines\.pdf$/,
    );
  });

  it("asks for every entry of the society's types, links one level down, a page at a time", async () => {
    const config = contentfulConfig(contentfulEnv());
    if (!config) throw new Error("no config");
    const inPages = await fetchSpace(config, 100);
    expect(seen.map(({ query }) => [query.get("skip"), query.get("limit"), query.get("include")])).toEqual([
      ["0", "100", "1"],
      ["100", "100", "1"],
      ["200", "100", "1"],
    ]);
    expect(seen[0]?.query.get("sys.contentType.sys.id[in]")?.split(",").sort()).toEqual(
      [...SITE_TYPE_IDS].sort(),
    );
    expect(seen[0]?.query.get("order")).toBe("sys.id");
    expect(siteContentFromSpace(inPages)).toEqual(siteContentFromSpace(space()));
  });

  it("reads Contentful once per process, and tries again after a failure", async () => {
    await loadSiteContent({ env: contentfulEnv() });
    await loadSiteContent({ env: contentfulEnv() });
    expect(seen).toHaveLength(1);

    forgetSiteContent();
    const { HttpResponse, http } = await import("msw");
    msw.use(
      http.get(
        "https://cdn.contentful.com/*",
        () => HttpResponse.json({ message: "down" }, { status: 503 }),
        {
          once: true,
        },
      ),
    );
    await expect(loadSiteContent({ env: contentfulEnv() })).rejects.toThrow();
    await expect(loadSiteContent({ env: contentfulEnv() })).resolves.toMatchObject({
      site: { shortName: "ISGPB" },
    });
  });

  it("reads every field of every type the content model declares", () => {
    const read = new Map<string, Set<string>>();
    const tracked = space((entries) => {
      for (const entry of entries) {
        const type = entry.sys.contentType.sys.id;
        const fields = read.get(type) ?? new Set<string>();
        read.set(type, fields);
        entry.fields = new Proxy(entry.fields, {
          get(target, key) {
            if (typeof key === "string") fields.add(key);
            return Reflect.get(target, key);
          },
        });
      }
    });
    siteContentFromSpace(tracked);
    for (const [type, spec] of Object.entries(SITE_TYPES)) {
      expect({ type, read: [...(read.get(type) ?? [])].sort() }).toEqual({
        type,
        read: Object.keys(spec.fields).sort(),
      });
    }
  });
});

describe("a broken entry", () => {
  it("stops with the entry's type, id and title, the field and what is wrong", () => {
    const problems = problemsOf((entries) => {
      const recipient = entries.find((entry) => entry.sys.contentType.sys.id === "awardRecipient");
      if (recipient) recipient.fields.year = 1900;
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^Contentful awardRecipient entry award-recipient-[\w-]+ \("Dr\. [^"]+"\): year: Too small: expected number to be >=1941$/,
    );
  });

  it("names a required field left empty", () => {
    const problems = problemsOf((entries) => {
      delete entryById(entries, "award-women-scientist-award").fields.frequency;
      entryById(entries, "aboutPage").fields.history = { nodeType: "document", data: {}, content: [] };
    });
    expect(problems).toEqual([
      'Contentful aboutPage entry aboutPage ("About Society"): history: must not be empty',
      'Contentful award entry award-women-scientist-award ("Women Scientist Award"): frequency: is empty, and it is required',
    ]);
  });

  it("names the place inside a Rich Text field", () => {
    const problems = problemsOf((entries) => {
      const section = entryById(entries, "rules-section-fees");
      const body = section.fields.body as { content: { content: { marks: { type: string }[] }[] }[] };
      body.content[1]?.content[0]?.marks.push({ type: "underline" });
      const about = entryById(entries, "aboutPage").fields.history as { content: unknown[] };
      about.content.push({
        nodeType: "embedded-entry-block",
        data: { target: { sys: { type: "Link", linkType: "Entry", id: "x" } } },
        content: [],
      });
    });
    expect(problems).toEqual([
      'Contentful aboutPage entry aboutPage ("About Society"): history (at content.4): "embedded-entry-block" is not allowed here',
      'Contentful rulesSection entry rules-section-fees ("Fees"): body (at content.1.content.0.marks.0.type): Invalid option: expected one of "bold"|"italic"',
    ]);
  });

  it("names a field filled in where the site does not show it", () => {
    const problems = problemsOf((entries) => {
      entryById(entries, "council-councillor-nz").fields.position = "Professor";
    });
    expect(problems).toEqual([
      'Contentful person entry council-councillor-nz ("Dr. Simranjit Kaur Grewal"): position: is filled in, but this place on the site does not show it: leave it empty',
    ]);
  });

  it("says when a link leads to an entry that is not published", () => {
    const problems = problemsOf((entries) => {
      entryById(entries, "congressPage").fields.brochure = {
        sys: { type: "Link", linkType: "Entry", id: "draft-brochure" },
      };
    });
    expect(problems).toEqual([
      'Contentful congressPage entry congressPage ("Second National Genetic Congress"): brochure: is empty, and it is required (it links to entry draft-brochure, which is not published)',
    ]);
  });

  it("says why a list is short when it links to an entry that is not published", () => {
    const problems = problemsOf((entries) => {
      const about = entryById(entries, "aboutPage");
      const images = about.fields.images as { sys: { id: string } }[];
      if (images[1]) images[1].sys.id = "draft-figure";
    });
    expect(problems).toEqual([
      'Contentful aboutPage entry aboutPage ("About Society"): images: Too small: expected array to have exactly 2 items (it links to entry draft-figure, which is not published)',
    ]);
  });

  it("names the fee entry with a bad year, and the term with a bad year", () => {
    const problems = problemsOf((entries) => {
      entryById(entries, "membership-fee-1-2026-27").fields.from = "2026-28";
      entryById(entries, "office-bearers-1981").fields.year = "81";
    });
    expect(problems).toContain(
      'Contentful membershipFee entry membership-fee-1-2026-27 ("1"): from: must be two consecutive years, like 2026-27',
    );
    expect(problems).toContain(
      'Contentful officeBearersTerm entry office-bearers-1981 ("81"): year: must be a year like 1960 or a range like 2020-2022',
    );
  });

  it("stops when a page has no entry, or more than one", () => {
    expect(
      problemsOf((entries) => {
        entries.splice(entries.indexOf(entryById(entries, "contactPage")), 1);
        entries.push({
          ...structuredClone(entryById(entries, "aboutPage")),
          sys: { ...entryById(entries, "aboutPage").sys, id: "aboutPage2" },
        });
      }),
    ).toEqual([
      "Contentful: 2 published entries of About page (aboutPage) (aboutPage, aboutPage2); the site reads exactly one: unpublish the others",
      "Contentful: no published entry of Contact page (contactPage); the site needs one",
    ]);
  });
});

describe("a preview", () => {
  it("reads the drafts through the Preview API with the preview token, afresh each time", async () => {
    const env = contentfulEnv({ CONTENTFUL_PREVIEW_TOKEN: "preview-token" });
    await loadSiteContent({ env, preview: true });
    await loadSiteContent({ env, preview: true });
    expect(seen.map(({ host, authorization }) => [host, authorization])).toEqual([
      ["preview.contentful.com", "Bearer preview-token"],
      ["preview.contentful.com", "Bearer preview-token"],
    ]);
  });

  it("refuses to run without the preview token, rather than show what is published", async () => {
    await expect(loadSiteContent({ env: contentfulEnv(), preview: true })).rejects.toThrow(
      /CONTENTFUL_PREVIEW_TOKEN/,
    );
    expect(seen).toEqual([]);
  });

  it("is the YAML when Contentful is not configured: there are no drafts", async () => {
    expect(await loadSiteContent({ env: yamlEnv, preview: true })).toEqual(
      await loadSiteContent({ env: yamlEnv }),
    );
  });
});
