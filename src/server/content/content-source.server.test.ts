/**
 * One content, two sources: the YAML and the Contentful form of it (the committed fixtures, what
 * `npm run contentful:import` writes) give the same content files; a broken entry stops with a
 * message naming the entry, the field and the problem; the build reads Contentful once, a function
 * once a minute with the last good copy behind it; a preview reads drafts with the preview token,
 * on the server.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Context } from "@netlify/functions";
import { HttpResponse, http } from "msw";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { assetId } from "../../../scripts/contentful/ids.ts";
import { contentfulSpace, type SeenRequest, type SpaceFixtures } from "../../../tests/mocks/contentful.ts";
import { startBlobsServer } from "../../../tests/support/blobs.ts";
import { allowConsole, expectConsole } from "../../../tests/support/console.ts";
import { setupMsw } from "../../../tests/support/msw.ts";
import { contentfulConfig } from "../env.server.ts";
import { endpoint } from "../http/endpoint.server.ts";
import { contentScope } from "./content-middleware.server.ts";
import { SITE_TYPE_IDS, SITE_TYPES } from "./content-model.server.ts";
import { type CdaSpace, contentFromSpace, fetchSpace } from "./contentful-content.server.ts";
import {
  ContentError,
  checkAllContent,
  forgetContent,
  loadContent,
  previewState,
  scopedContent,
  withContent,
  withPreviewContent,
  yamlContent,
} from "./page-content.server.ts";

const root = path.resolve(import.meta.dirname, "../../..");
const fixtures = JSON.parse(
  await readFile(path.join(root, "tests/fixtures/contentful/space.json"), "utf8"),
) as SpaceFixtures;

const seen: SeenRequest[] = [];
const msw = setupMsw(contentfulSpace(fixtures, seen));
startBlobsServer();
beforeEach(() => {
  seen.length = 0;
  forgetContent();
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  forgetContent();
});

/** The site configured for the fixtures' space (Contentful's Delivery API, faked by msw). */
function useContentful(extra: Record<string, string> = {}) {
  const settings = {
    CONTENTFUL_SPACE_ID: "isgpbfixtures",
    CONTENTFUL_ACCESS_TOKEN: "delivery-token",
    CONTENTFUL_RETRY_LIMIT: "0",
    ...extra,
  };
  for (const [name, value] of Object.entries(settings)) vi.stubEnv(name, value);
}

/** A function that reads the content, as `endpoint(…, { content: true })` makes one. */
const readsContent = endpoint({ GET: async () => new Response("read") }, { content: true });

/** The build: `npm run build` sets ISGPB_PRERENDER around the prerendering. */
const duringTheBuild = () => vi.stubEnv("ISGPB_PRERENDER", "1");

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

const fromSpace = (reading: CdaSpace) => contentFromSpace(reading, yamlContent());

function problemsOf(change: (entries: SpaceFixtures["entries"]) => void): string[] {
  try {
    fromSpace(space(change));
  } catch (error) {
    if (error instanceof ContentError) return [...error.problems];
    throw error;
  }
  throw new Error("the content was accepted");
}

describe("the site content", () => {
  it("is the same from the YAML and from its Contentful form", async () => {
    const fromYaml = await loadContent();
    useContentful();
    const fromContentful = await loadContent();
    expect(seen.map((request) => request.host)).toEqual(["cdn.contentful.com"]);
    expect(fromContentful).toEqual(withFixtureUrls(fromYaml));
    // Not vacuous: both have the prose as Rich Text and the files as Contentful URLs.
    expect(fromContentful["rules.yaml"].sections[2]?.body.content[0]?.nodeType).toBe("paragraph");
    expect(fromContentful["awards.yaml"].awards[0]?.downloads[0]?.href).toMatch(
      /^https:\/\/assets\.ctfassets\.net\/isgpbfixtures\/downloads-award-guidelines-pdf\/\w+\/award-guidelines\.pdf$/,
    );
  });

  it("asks for every entry of the society's types, links one level down, a page at a time", async () => {
    useContentful();
    const config = contentfulConfig();
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
    expect(fromSpace(inPages)).toEqual(fromSpace(space()));
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
    fromSpace(tracked);
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
      `Contentful membershipFee entry membership-fee-1-2026-27 ("1"): from: '2026-28' is not a financial year starting in month 4`,
    );
    expect(problems).toContain(
      'Contentful officeBearersTerm entry office-bearers-1981 ("81"): year: must be a year like 1960 or a range like 2020-2022',
    );
  });

  it("names the term whose election results link is not a results page of this site", () => {
    const problems = problemsOf((entries) => {
      entryById(entries, "office-bearers-2023-2024").fields.results = "https://example.org/results";
    });
    expect(problems).toEqual([
      `Contentful officeBearersTerm entry office-bearers-2023-2024 ("2023-2024"): results: must be an election's results page on this site, like /elections/…/results`,
    ]);
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

/** The fixtures with entries changed by `change`, as the fake Delivery API serves them. */
function changed(change: (entries: SpaceFixtures["entries"]) => void): SpaceFixtures {
  const entries = structuredClone(fixtures.entries);
  change(entries);
  return { entries, assets: fixtures.assets };
}

/** An award recipient given a year before the society was founded. */
const recipientOf1900 = (entries: SpaceFixtures["entries"]) => {
  const recipient = entries.find((entry) => entry.sys.contentType.sys.id === "awardRecipient");
  if (recipient) recipient.fields.year = 1900;
};

describe("the build", () => {
  it("reads Contentful once, and every page is prerendered from that reading", async () => {
    useContentful();
    duringTheBuild();
    await checkAllContent();
    await loadContent();
    await withContent(async () => scopedContent("membership.yaml"));
    expect(seen).toHaveLength(1);
  });

  it("stops when a published entry breaks a schema, naming the entry, the field and what is wrong", async () => {
    useContentful();
    duringTheBuild();
    msw.use(contentfulSpace(changed(recipientOf1900)));
    const { prerenderPaths } = await import("../prerender-paths.server.ts");
    const stopped = await prerenderPaths().catch((error: unknown) => error);
    expect(stopped).toBeInstanceOf(ContentError);
    expect((stopped as ContentError).message).toMatch(
      /^Contentful awardRecipient entry award-recipient-[\w-]+ \("Dr\. [^"]+"\): year: Too small: expected number to be >=1941$/,
    );
  });
});

describe("a function", () => {
  allowConsole(
    "error",
    /^last-good-copy: content\/cdn\.contentful\.com\/isgpbfixtures\/master failed upstream/,
  );

  /**
   * A request in a function: the content it reads, and the readings it started behind it, which
   * Netlify's `waitUntil` would get. Each test waits for them, so none lands in the next test.
   */
  async function request() {
    const later: Promise<unknown>[] = [];
    const content = await withContent(
      () => loadContent(),
      (work) => later.push(work),
    );
    return { content, started: later.length, later: Promise.all(later) };
  }

  it("reuses its reading for a minute, then reads again behind the request that finds it old", async () => {
    useContentful();
    const { content: first } = await request();
    expect((await request()).content).toBe(first);
    expect(seen).toHaveLength(1);
    vi.stubEnv("CONTENTFUL_CONTENT_CACHE_SECONDS", "0");
    // The request that finds the reading old is answered with it, and a new reading starts.
    const old = await request();
    expect(old.content).toBe(first);
    expect(old.started).toBe(1);
    await old.later;
    expect(seen).toHaveLength(2);
    vi.stubEnv("CONTENTFUL_CONTENT_CACHE_SECONDS", "60");
    const next = await request();
    expect(next.content).not.toBe(first);
    expect(next.started).toBe(0);
  });

  it("answers at once from its old reading while Contentful hangs, and reads one at a time", async () => {
    useContentful({ CONTENTFUL_TIMEOUT_MS: "20000" });
    const { content: first } = await request();
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    let asked = 0;
    msw.use(
      http.get("https://cdn.contentful.com/*", async () => {
        asked += 1;
        await answered;
        return HttpResponse.json({}, { status: 503 });
      }),
    );
    vi.stubEnv("CONTENTFUL_CONTENT_CACHE_SECONDS", "0");
    // Were these requests to wait for Contentful, they would wait 20 s, past the test's time.
    const requests = [await request(), await request(), await request()];
    expect(requests.map((each) => each.content === first)).toEqual([true, true, true]);
    expect(requests.map((each) => each.started)).toEqual([1, 0, 0]);
    await vi.waitFor(() => expect(asked).toBe(1));
    expectConsole("error", /failed upstream, serving the last good copy/);
    answer();
    await requests[0]?.later;
    // Contentful failed: the last good copy takes the reading's place; it is the same content.
    vi.stubEnv("CONTENTFUL_CONTENT_CACHE_SECONDS", "60");
    const next = await request();
    expect(next.content).not.toBe(first);
    expect(next.content).toEqual(first);
  });

  it("hands the reading a function's request starts to Netlify's waitUntil", async () => {
    useContentful();
    await request();
    vi.stubEnv("CONTENTFUL_CONTENT_CACHE_SECONDS", "0");
    const later: Promise<unknown>[] = [];
    const context = { waitUntil: (work: Promise<unknown>) => later.push(work) } as unknown as Context;
    expect((await readsContent(new Request("http://localhost/api/example"), context)).status).toBe(200);
    expect(later).toHaveLength(1);
    await Promise.all(later);
    expect(seen).toHaveLength(2);
  });

  it("hands the reading a page's request starts to Netlify's waitUntil", async () => {
    useContentful();
    await request();
    vi.stubEnv("CONTENTFUL_CONTENT_CACHE_SECONDS", "0");
    const later: Promise<unknown>[] = [];
    // The router's Netlify context reads Netlify's own global, as on Netlify.
    vi.stubGlobal("Netlify", { context: { waitUntil: (work: Promise<unknown>) => later.push(work) } });
    const page = await contentScope(
      { context: new RouterContextProvider() } as unknown as Parameters<typeof contentScope>[0],
      async () => new Response("page"),
    );
    expect(await (page as Response).text()).toBe("page");
    expect(later).toHaveLength(1);
    await Promise.all(later);
    expect(seen).toHaveLength(2);
  });

  it("serves the last good copy when Contentful fails or a published entry breaks a schema", async () => {
    useContentful({ CONTENTFUL_CONTENT_CACHE_SECONDS: "0" });
    const good = await loadContent();
    forgetContent();
    msw.use(http.get("https://cdn.contentful.com/*", () => HttpResponse.json({}, { status: 503 })));
    expectConsole("error", /failed upstream, serving the last good copy/);
    expect(await loadContent()).toEqual(good);
    forgetContent();
    msw.use(contentfulSpace(changed(recipientOf1900)));
    expect((await loadContent())["awards.yaml"]).toEqual(good["awards.yaml"]);
  });

  it("with no copy yet, fails, and the next request tries again", async () => {
    useContentful({ CONTENTFUL_SPACE_ID: "isgpbfixtures2" });
    msw.use(
      http.get("https://cdn.contentful.com/*", () => HttpResponse.json({}, { status: 503 }), { once: true }),
    );
    allowConsole(
      "error",
      /^last-good-copy: content\/cdn\.contentful\.com\/isgpbfixtures2\/master failed upstream/,
    );
    await expect(loadContent()).rejects.toThrow(/no copy yet/);
    await expect(loadContent()).resolves.toMatchObject({ "site.yaml": { shortName: "ISGPB" } });
  });

  it("reads the membership rules inside its request's snapshot, and is refused outside one", async () => {
    useContentful();
    expect(() => scopedContent("membership.yaml")).toThrow(ContentError);
    await withContent(async () => {
      expect(scopedContent("membership.yaml")).toBe((await loadContent())["membership.yaml"]);
    });
  });

  it("takes the fees from the Membership fee entries, in issue 33's schedules", async () => {
    useContentful();
    msw.use(
      contentfulSpace(
        changed((entries) => {
          const ordinary = entries.find((entry) => entry.sys.id === "membership-fee-1-2026-27");
          const life = entries.find((entry) => entry.sys.id === "membership-fee-2-2026-27");
          if (!ordinary || !life) throw new Error("no fee fixtures");
          ordinary.fields.amount = 1000;
          life.fields.amount = 12_000;
          entries.push(
            { ...structuredClone(ordinary), sys: { ...ordinary.sys, id: "fee-1-2028" } },
            { ...structuredClone(life), sys: { ...life.sys, id: "fee-2-2028" } },
          );
          const [later, laterLife] = entries.slice(-2);
          if (later && laterLife) {
            later.fields = { ...later.fields, from: "2028-29", amount: 1200 };
            laterLife.fields = { ...laterLife.fields, from: "2028-29", amount: 14_400 };
          }
        }),
      ),
    );
    const membership = (await loadContent())["membership.yaml"];
    expect(membership.types.find((type) => type.value === "1")?.fees).toEqual([
      { from: "2026-27", amount: 1000 },
      { from: "2028-29", amount: 1200 },
    ]);
    expect(membership.fees.registration).toEqual([{ from: "2026-27", amount: "TBA" }]);
    // The rules the code computes with are the repository's.
    expect(membership.calendar).toEqual(yamlContent()["membership.yaml"].calendar);
  });
});

describe("a preview", () => {
  const drafts = changed((entries) => {
    const about = entries.find((entry) => entry.sys.id === "aboutPage");
    if (about) about.fields.description = "A draft of the About page's description.";
  });

  it("reads the drafts through the Preview API with the preview token, afresh each time, and keeps them nowhere", async () => {
    useContentful({ CONTENTFUL_PREVIEW_TOKEN: "preview-token" });
    msw.use(contentfulSpace(drafts, [], "preview.contentful.com"));
    for (const _ of [1, 2])
      await withPreviewContent("/about-us", async () => {
        expect(previewState()).toEqual({ path: "/about-us", problems: [] });
        expect((await loadContent())["about.yaml"].description).toBe(
          "A draft of the About page's description.",
        );
      });
    expect(await loadContent()).not.toHaveProperty(
      "about.yaml.description",
      "A draft of the About page's description.",
    );
    expect((await loadContent())["about.yaml"].description).not.toMatch(/draft/);
    expect(seen.map(({ host }) => host)).toEqual(["cdn.contentful.com"]);
  });

  it("says when the drafts break a schema, and shows the published content meanwhile", async () => {
    useContentful({ CONTENTFUL_PREVIEW_TOKEN: "preview-token" });
    msw.use(contentfulSpace(changed(recipientOf1900), [], "preview.contentful.com"));
    await withPreviewContent("/awards", async () => {
      expect(previewState()?.problems).toEqual([
        expect.stringMatching(/awardRecipient entry .*: year: Too small/),
      ]);
      expect((await loadContent())["awards.yaml"]).toEqual((await withContent(loadContent))["awards.yaml"]);
    });
  });

  it("says so without the preview token, rather than pass the published content off as the drafts", async () => {
    useContentful();
    await withPreviewContent("/", async () => {
      expect(previewState()?.problems).toEqual([
        "The drafts could not be read: CONTENTFUL_PREVIEW_TOKEN is unset: drafts cannot be previewed without it",
      ]);
    });
    expect(seen.map(({ host }) => host)).toEqual(["cdn.contentful.com"]);
  });

  it("is the YAML when Contentful is not configured: there are no drafts", async () => {
    await withPreviewContent("/", async () => {
      expect(await loadContent()).toBe(yamlContent());
      expect(previewState()?.problems).toEqual([]);
    });
  });
});
