/**
 * The secretariat's preview of the site with the drafts (src/server/content/preview.server.ts):
 * any public page as it will look once the drafts in Contentful are published, for a signed-in
 * secretariat account only, marked as a preview, never cached, its drafts' problems named.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { forgetContent } from "../../src/server/content/page-content.server.ts";
import { useAppHandler } from "../../src/server/pages/app-handler.server.ts";
import spaceFixtures from "../fixtures/contentful/space.json" with { type: "json" };
import { contentfulSpace, type SeenRequest, type SpaceFixtures } from "../mocks/contentful.ts";
import { pageServer, readPage } from "../support/page-server.ts";
import { pageRequest } from "../support/requests.ts";
import { cookieFor, makeAccount, workspaceFunctionTests } from "../support/secretariat.ts";

const { msw, office } = workspaceFunctionTests();
const fixtures = spaceFixtures as SpaceFixtures;

const DRAFT = "A draft of the society's history, not yet published.";
const drafts: SpaceFixtures = {
  assets: fixtures.assets,
  entries: structuredClone(fixtures.entries).map((entry) =>
    entry.sys.id === "aboutPage"
      ? {
          ...entry,
          fields: {
            ...entry.fields,
            history: {
              nodeType: "document",
              data: {},
              content: [
                {
                  nodeType: "paragraph",
                  data: {},
                  content: [{ nodeType: "text", value: DRAFT, marks: [], data: {} }],
                },
              ],
            },
          },
        }
      : entry,
  ),
};

/** The site's pages: the workspace (where the preview is) and the public pages it renders. */
let site: (request: Request) => Promise<Response>;
const seen: SeenRequest[] = [];
beforeAll(async () => {
  site = await pageServer(
    (path) =>
      path === "secretariat" ||
      path.startsWith("secretariat/") ||
      ["about-us", "rules", "account"].includes(path),
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

describe("the preview with the drafts", () => {
  it("shows the secretariat the page as it will look, marked as a preview, for this request only", async () => {
    const response = await preview("/about-us", office());
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
    const { document, text, html } = await readPage(response);
    expect(text).toContain(DRAFT);
    const banner = document.querySelector("aside.preview-banner");
    expect(banner?.textContent).toMatch(
      /^Preview with the drafts: \/about-us as it will look once the drafts/,
    );
    expect(banner?.textContent).toContain("Only you see this page");
    // A page drawn for another address: no script would take it for the page at its own.
    expect(document.querySelectorAll("script")).toHaveLength(0);
    // The drafts come from the Preview API with its token, which never reaches the page.
    expect(seen.filter(({ host }) => host === "preview.contentful.com").map((r) => r.authorization)).toEqual([
      "Bearer preview-token",
    ]);
    expect(html).not.toContain("preview-token");
  });

  it("leaves the published page as it is: no banner, its scripts, no draft", async () => {
    await preview("/about-us", office());
    const { document, text } = await readPage(await site(pageRequest("/about-us")));
    expect(text).not.toContain(DRAFT);
    expect(document.querySelector(".preview-banner")).toBeNull();
    expect(document.querySelectorAll('script[type="module"]').length).toBeGreaterThan(0);
  });

  it("is refused to a visitor (401) and to a member (403), without reading a draft", async () => {
    expect((await preview("/about-us")).status).toBe(401);
    const member = await makeAccount("reader@example.org", { status: "active" });
    const refused = await preview("/about-us", await cookieFor(member));
    expect(refused.status).toBe(403);
    expect((await readPage(refused)).text).not.toContain(DRAFT);
    expect(seen.filter(({ host }) => host === "preview.contentful.com")).toEqual([]);
  });

  it("names what in the drafts would stop the build, over the published content", async () => {
    msw.use(
      contentfulSpace(
        {
          assets: fixtures.assets,
          entries: drafts.entries.map((entry) =>
            entry.sys.contentType.sys.id === "awardRecipient"
              ? { ...entry, fields: { ...entry.fields, year: 1900 } }
              : entry,
          ),
        },
        seen,
        "preview.contentful.com",
      ),
    );
    const { document, text } = await readPage(await preview("/rules", office()));
    const problems = [...document.querySelectorAll('.preview-banner [role="alert"] li')].map(
      (li) => li.textContent,
    );
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatch(
      /^Contentful awardRecipient entry .*: year: Too small: expected number to be >=1941$/,
    );
    expect(text).toContain("Constitution");
  });

  it("previews only a page of the public site", async () => {
    for (const path of [
      "/secretariat",
      "/secretariat/preview?path=/",
      "//example.org/x",
      "https://example.org/",
      "/api/news",
    ])
      expect((await preview(path, office())).status, path).toBe(404);
  });
});
