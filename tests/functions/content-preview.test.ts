/**
 * The secretariat's preview of the site with the drafts (src/server/content/preview.server.ts):
 * any public page as it will look once the drafts in Contentful are published, for a signed-in
 * secretariat account only, marked as a preview, never cached, its drafts' problems named.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { forgetContent } from "../../src/server/content/page-content.server.ts";
import { useAppHandler } from "../../src/server/pages/app-handler.server.ts";
import { FEES_PREVIEW } from "../../src/shared/secretariat-paths.ts";
import spaceFixtures from "../fixtures/contentful/space.json" with { type: "json" };
import { contentfulSpace, type SeenRequest, type SpaceFixtures } from "../mocks/contentful.ts";
import { pageServer, readPage } from "../support/page-server.ts";
import { pageRequest } from "../support/requests.ts";
import { cookieFor, makeAccount, workspaceFunctionTests } from "../support/secretariat.ts";

const { msw, office } = workspaceFunctionTests();
const fixtures = spaceFixtures as SpaceFixtures;

/** An award recipient, to give a year before the society was founded. */
const firstRecipient = fixtures.entries.find((entry) => entry.sys.contentType.sys.id === "awardRecipient")
  ?.sys.id;

const DRAFT = "A draft of the society's history, not yet published.";
/** A news item, whose title the drafts change. */
const NEWS = fixtures.entries.find((entry) => entry.sys.contentType.sys.id === "isgpbNews");
const NEWS_PATH = `/news/${NEWS?.fields.slug}`;
const DRAFT_TITLE = "A draft title for the office's closure";
/** Fees given in the drafts (published, they are to be announced): registration and Ordinary. */
const DRAFT_FEES: Record<string, number> = {
  "membership-fee-registration-2026-27": 250,
  "membership-fee-1-2026-27": 1250,
};
/** The space with drafts: the about page's history and a news item's title changed. */
const drafts: SpaceFixtures = {
  assets: fixtures.assets,
  entries: structuredClone(fixtures.entries).map((entry) => {
    if (entry.sys.id === NEWS?.sys.id) return { ...entry, fields: { ...entry.fields, name: DRAFT_TITLE } };
    if (entry.sys.id in DRAFT_FEES)
      return { ...entry, fields: { ...entry.fields, amount: DRAFT_FEES[entry.sys.id] } };
    if (entry.sys.id !== "aboutPage") return entry;
    const paragraph = {
      nodeType: "paragraph",
      data: {},
      content: [{ nodeType: "text", value: DRAFT, marks: [], data: {} }],
    };
    return {
      ...entry,
      fields: { ...entry.fields, history: { nodeType: "document", data: {}, content: [paragraph] } },
    };
  }),
};

/** The site's pages: the workspace (where the preview is) and the public pages it renders. */
let site: (request: Request) => Promise<Response>;
const seen: SeenRequest[] = [];
beforeAll(async () => {
  site = await pageServer(
    (path) =>
      path === "secretariat" ||
      path.startsWith("secretariat/") ||
      ["about-us", "rules", "account", "login", "news/:slug", "sign-up"].includes(path),
  );
  useAppHandler(site);
});
afterAll(() => useAppHandler(undefined));
beforeEach(() => {
  seen.length = 0;
  vi.stubEnv("CONTENTFUL_SPACE_ID", "isgpbfixtures");
  vi.stubEnv("CONTENTFUL_ACCESS_TOKEN", "delivery-token");
  vi.stubEnv("CONTENTFUL_PREVIEW_TOKEN", "preview-token");
  vi.stubEnv("CONTENTFUL_RETRY_LIMIT", "0");
  msw.use(
    contentfulSpace(drafts, seen, "preview.contentful.com"),
    contentfulSpace(fixtures, seen, "cdn.contentful.com"),
  );
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.stubEnv("RESEND_API_KEY", "re_test_key");
  vi.stubEnv("SECRETARIAT_ACCOUNTS", "office@example.org");
  forgetContent();
});

const preview = (path: string, cookie?: string) =>
  site(pageRequest(`/secretariat/preview?path=${encodeURIComponent(path)}`, cookie));
const frame = (path: string, cookie?: string) =>
  site(pageRequest(`/secretariat/preview/frame?path=${encodeURIComponent(path)}`, cookie));
const previewRequests = () => seen.filter(({ host }) => host === "preview.contentful.com");

describe("the preview with the drafts", () => {
  it("is a workspace page that says what it shows, with the page in a sandboxed frame", async () => {
    const { document } = await readPage(await preview("/about-us", office()));
    expect(document.querySelector("h1")?.textContent).toBe("Preview with the drafts");
    expect(document.querySelector("main")?.textContent).toContain(
      "as it will look once the drafts in Contentful are published. Only the secretariat sees it",
    );
    const shown = document.querySelector("main iframe");
    expect(shown?.getAttribute("src")).toBe("/secretariat/preview/frame?path=%2Fabout-us");
    expect(shown?.getAttribute("sandbox")).toBe("");
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });

  it("draws the page with the drafts for this request only, framed by the workspace alone, running nothing", async () => {
    const response = await frame("/about-us", office());
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toMatch(/; sandbox$/);
    // The styles in the page's head carry the nonce it was drawn with (decision 0045).
    expect(csp).toMatch(/style-src 'self' 'nonce-[\w+/=]+'/);
    const { text, html, document } = await readPage(response);
    expect(text).toContain(DRAFT);
    // The page a visitor gets, with nothing to run: no one signed in, no script to be blocked.
    expect(document.querySelector("script, link[rel=modulepreload]")).toBeNull();
    expect(document.querySelector("header")?.textContent).toContain("Sign In");
    // The drafts come from the Preview API with its token, which never reaches the page.
    expect(previewRequests().map((request) => request.authorization)).toEqual(["Bearer preview-token"]);
    expect(html).not.toContain("preview-token");
  });

  it("draws where a page sends a visitor, in the frame: a signed-in page's sign-in page", async () => {
    const response = await frame("/account", office());
    expect(response.status).toBe(200);
    expect(response.headers.get("location")).toBeNull();
    const { document } = await readPage(response);
    expect(document.querySelector("main h1")?.textContent).toBe("Login");
  });

  it("leaves the published page as it is", async () => {
    await frame("/about-us", office());
    const { text } = await readPage(await site(pageRequest("/about-us")));
    expect(text).not.toContain(DRAFT);
  });

  it("shows the news drafts too (as it does the events' and slides'), through the Preview API, and only there", async () => {
    const { text } = await readPage(await frame(NEWS_PATH, office()));
    expect(text).toContain(DRAFT_TITLE);
    const news = previewRequests().filter(({ query }) => query.get("content_type") === "isgpbNews");
    expect(news.map(({ query, authorization }) => [query.get("fields.slug"), authorization])).toEqual([
      [NEWS?.fields.slug, "Bearer preview-token"],
    ]);
    const published = await readPage(await site(pageRequest(NEWS_PATH)));
    expect(published.text).toContain(NEWS?.fields.name);
    expect(published.text).not.toContain(DRAFT_TITLE);
  });

  it("shows the drafts' fees on the page that states a fee, an application's receipt", async () => {
    const { document } = await readPage(await preview("/about-us", office()));
    const link = document.querySelector('nav[aria-label="Pages to preview"] a[href*="status%3Dsent"]');
    expect(link?.getAttribute("href")).toBe(`/secretariat/preview?path=${encodeURIComponent(FEES_PREVIEW)}`);
    expect((await readPage(await frame(FEES_PREVIEW, office()))).text).toContain("₹1,500");
    expect((await readPage(await site(pageRequest(FEES_PREVIEW)))).text).not.toContain("₹1,500");
  });

  it("is refused to a visitor (401) and to a member (403), page and frame, without reading a draft", async () => {
    const member = await makeAccount("reader@example.org", { status: "active" });
    const memberCookie = await cookieFor(member);
    for (const open of [preview, frame]) {
      expect((await open("/about-us")).status).toBe(401);
      const refused = await open("/about-us", memberCookie);
      expect(refused.status).toBe(403);
      expect((await readPage(refused)).html).not.toContain(DRAFT);
    }
    expect(previewRequests()).toEqual([]);
  });

  it("names what in the drafts would stop the build, and shows the published content meanwhile", async () => {
    msw.use(
      contentfulSpace(
        {
          assets: fixtures.assets,
          entries: drafts.entries.map((entry) =>
            entry.sys.id === firstRecipient ? { ...entry, fields: { ...entry.fields, year: 1900 } } : entry,
          ),
        },
        seen,
        "preview.contentful.com",
      ),
    );
    const { document } = await readPage(await preview("/about-us", office()));
    const problems = [...document.querySelectorAll('[role="alert"] li')].map((li) => li.textContent);
    expect(problems).toEqual([
      expect.stringMatching(
        /^Contentful awardRecipient entry .*: year: Too small: expected number to be >=1941$/,
      ),
    ]);
    expect((await readPage(await frame("/about-us", office()))).text).not.toContain(DRAFT);
  });

  it("previews only a page of the public site", async () => {
    for (const path of [
      "/secretariat",
      "/secretariat/preview?path=/",
      "//example.org/x",
      "https://example.org/",
      "/api/news",
    ]) {
      expect((await preview(path, office())).status, path).toBe(404);
      expect((await frame(path, office())).status, path).toBe(404);
    }
  });
});
