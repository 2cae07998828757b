/**
 * Pages as the site's server renders them from its content source (src/server/content/): the
 * YAML and its Contentful form (tests/fixtures/contentful/space.json, what `npm run
 * contentful:import` writes, served by a fake Delivery API) give the same page; what Contentful
 * says (a long text, the bank and UPI details, a fee) is what the page shows.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { assetId } from "../../scripts/contentful/ids.ts";
import { forgetContent, yamlContent } from "../../src/server/content/page-content.server.ts";
import { membershipContent } from "../../src/server/membership/membership-content.server.ts";
import { payeeQr } from "../../src/server/membership/payment-qr.server.ts";
import spaceFixtures from "../fixtures/contentful/space.json" with { type: "json" };
import { contentfulSpace, type SpaceFixtures } from "../mocks/contentful.ts";
import { startBlobsServer } from "../support/blobs.ts";
import { allowConsole } from "../support/console.ts";
import { setupMsw } from "../support/msw.ts";
import { pageServer, readPage } from "../support/page-server.ts";
import { pageRequest } from "../support/requests.ts";

const fixtures = spaceFixtures as SpaceFixtures;
allowConsole("warn", /^SIGNING_SECRET is unset/);
vi.setConfig({ testTimeout: 30_000 });
const msw = setupMsw(contentfulSpace(fixtures));
startBlobsServer();

let pages: (request: Request) => Promise<Response>;
beforeAll(async () => {
  pages = await pageServer((path) =>
    [
      "about-us",
      "rules",
      "congress",
      "awards",
      "office-bearers/:year?",
      "executive-council",
      "editorial-board",
      "contact-us",
      "privacy",
      "sign-up",
      "download",
    ].includes(path),
  );
});
afterEach(() => {
  vi.unstubAllEnvs();
  forgetContent();
});

function useContentful() {
  vi.stubEnv("CONTENTFUL_SPACE_ID", "isgpbfixtures");
  vi.stubEnv("CONTENTFUL_ACCESS_TOKEN", "delivery-token");
  vi.stubEnv("CONTENTFUL_RETRY_LIMIT", "0");
}

/** The fixtures with entries changed by `change`. */
function changed(change: (entries: SpaceFixtures["entries"]) => void): SpaceFixtures {
  const entries = structuredClone(fixtures.entries);
  change(entries);
  return { entries, assets: fixtures.assets };
}

const entry = (entries: SpaceFixtures["entries"], id: string) => {
  const found = entries.find((candidate) => candidate.sys.id === id);
  if (!found) throw new Error(`no fixture entry ${id}`);
  return found;
};

/** Every site path the YAML names (images, downloads), by the address its asset has in the fixtures. */
function sitePathsByUrl(): Map<string, string> {
  const paths = new Set<string>();
  JSON.stringify(yamlContent(), (_key, value) => {
    if (typeof value === "string" && /^\/(images|downloads)\//.test(value)) paths.add(value);
    return value;
  });
  const urls = new Map(fixtures.assets.map((asset) => [asset.sys.id, `https:${asset.fields.file.url}`]));
  return new Map(
    [...paths].flatMap((path) => (urls.has(assetId(path)) ? [[urls.get(assetId(path)), path]] : [])) as [
      string,
      string,
    ][],
  );
}

/** A page's title, description and main content, with Contentful's file addresses read as the site paths they were imported from. */
async function page(path: string) {
  const { document } = await readPage(await pages(pageRequest(path)));
  let main = document.querySelector("main")?.innerHTML ?? "";
  for (const [url, sitePath] of sitePathsByUrl()) main = main.replaceAll(url, sitePath);
  // The awards' picker names a file of the site by its name, one on Contentful's CDN by its address.
  main = main.replaceAll('value="/downloads/', 'value="');
  // A form's spam-guard token is new on every render.
  main = main.replace(/(name="form_token" value=")[^"]*"/g, '$1…"');
  return {
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute("content"),
    main,
  };
}

describe("a page from Contentful", () => {
  /** Something of its content each page must show, so that two empty pages cannot pass for equal. */
  const shows: Record<string, () => string | RegExp> = {
    // The long texts, drawn from Rich Text.
    "/about-us": () => /<p>[^<]{40,}/,
    "/rules": () => /<p>[^<]{40,}/,
    "/congress": () => /<p>[^<]{40,}/,
    "/awards": () => /<p>[^<]{40,}/,
    // The list of terms, the oldest last.
    "/office-bearers": () => `>${yamlContent()["office-bearers.yaml"].years.at(-1)}<`,
    "/office-bearers/2014-2015": () =>
      yamlContent()["office-bearers.yaml"].terms["2014-2015"]?.[0]?.name ?? "?",
    "/executive-council": () => yamlContent()["executive-council.yaml"].treasurer.name,
    "/editorial-board": () => yamlContent()["editorial-board.yaml"].editor.name,
    "/contact-us": () => yamlContent()["contact.yaml"].email,
    "/privacy": () => /<p>[^<]{40,}/,
  };

  it.each(Object.keys(shows))("%s is the page the YAML makes", async (path) => {
    const fromYaml = await page(path);
    useContentful();
    const fromContentful = await page(path);
    expect(fromContentful).toEqual(fromYaml);
    expect(fromYaml.main).toMatch(shows[path]?.() ?? "?");
  });

  it("shows a Rich Text field as the editor wrote it: a heading, a list, a link, bold", async () => {
    useContentful();
    msw.use(
      contentfulSpace(
        changed((entries) => {
          const text = (value: string, marks: string[] = []) => ({
            nodeType: "text",
            value,
            marks: marks.map((type) => ({ type })),
            data: {},
          });
          entry(entries, "congressPage").fields.about = {
            nodeType: "document",
            data: {},
            content: [
              { nodeType: "heading-3", data: {}, content: [text("Themes")] },
              {
                nodeType: "unordered-list",
                data: {},
                content: ["Genomics", "Seed systems"].map((theme) => ({
                  nodeType: "list-item",
                  data: {},
                  content: [{ nodeType: "paragraph", data: {}, content: [text(theme)] }],
                })),
              },
              {
                nodeType: "paragraph",
                data: {},
                content: [
                  text("Abstracts are due ", []),
                  text("by 30 November", ["bold"]),
                  text(": see "),
                  {
                    nodeType: "hyperlink",
                    data: { uri: "https://example.org/abstracts" },
                    content: [text("the call")],
                  },
                  text("."),
                ],
              },
              { nodeType: "paragraph", data: {}, content: [text("")] },
            ],
          };
        }),
      ),
    );
    const { document } = await readPage(await pages(pageRequest("/congress")));
    const prose = document.querySelector("main .prose");
    expect(prose?.innerHTML).toBe(
      '<h3>Themes</h3><ul><li>Genomics</li><li>Seed systems</li></ul><p>Abstracts are due <b>by 30 November</b>: see <a href="https://example.org/abstracts">the call</a>.</p>',
    );
  });
});

describe("the office bearers' page", () => {
  it("links a term to the results of the election that chose its Council, where the office set it", async () => {
    useContentful();
    const results = "/elections/5f0c7d1e-3a52-4b8e-9c61-2d7e4f0a9b13/results";
    msw.use(
      contentfulSpace(
        changed((entries) => {
          entry(entries, "office-bearers-2023-2024").fields.results = results;
        }),
      ),
    );
    const linked = await readPage(await pages(pageRequest("/office-bearers/2023-2024")));
    expect(linked.document.querySelector(`main a[href="${results}"]`)?.textContent).toBe(
      "Results of the election of the Council for 2023-2024",
    );
    // Another term, with no results set, has no such link.
    const other = await readPage(await pages(pageRequest("/office-bearers/2020-2022")));
    expect(other.document.querySelector('main a[href^="/elections/"]')).toBeNull();
  });
});

describe("an image from Contentful", () => {
  it("comes at the widths and in the formats the page needs, with its size set so nothing moves", async () => {
    useContentful();
    msw.use(
      contentfulSpace({
        entries: fixtures.entries,
        assets: fixtures.assets.map((asset) =>
          asset.sys.id === "images-about-field-trial-svg"
            ? {
                ...asset,
                fields: {
                  ...asset.fields,
                  file: {
                    ...asset.fields.file,
                    url: "//images.ctfassets.net/isgpbfixtures/field/token/field-trial.jpg",
                    contentType: "image/jpeg",
                    details: { size: 200_000, image: { width: 1000, height: 625 } },
                  },
                },
              }
            : asset,
        ),
      }),
    );
    const { document } = await readPage(await pages(pageRequest("/about-us")));
    const [picture] = document.querySelectorAll("main figure picture");
    const base = "https://images.ctfassets.net/isgpbfixtures/field/token/field-trial.jpg";
    expect(picture?.querySelector('source[type="image/avif"]')?.getAttribute("srcset")).toBe(
      [320, 480, 640, 960, 1000].map((width) => `${base}?fm=avif&w=${width}&q=75 ${width}w`).join(", "),
    );
    const image = picture?.querySelector("img");
    expect(image?.getAttribute("src")).toBe(`${base}?fm=webp&w=1000&q=75`);
    expect(image?.getAttribute("srcset")).toContain(`${base}?fm=webp&w=640&q=75 640w`);
    expect(image?.getAttribute("sizes")).toBe("(min-width: 44rem) 40rem, 100vw");
    expect([image?.getAttribute("width"), image?.getAttribute("height")]).toEqual(["1000", "625"]);
  });
});

describe("an award's document", () => {
  it("on Contentful's CDN is downloaded from there, and no other address is followed", async () => {
    useContentful();
    const { document } = await readPage(await pages(pageRequest("/awards")));
    const chosen = document.querySelector<HTMLOptionElement>('select[name="file"] option[value^="https://"]');
    expect(chosen?.value).toMatch(/^https:\/\/assets\.ctfassets\.net\/isgpbfixtures\/.+\.pdf$/);
    const download = await pages(pageRequest(`/download?file=${encodeURIComponent(chosen?.value ?? "")}`));
    expect(download.status).toBe(302);
    expect(download.headers.get("location")).toBe(chosen?.value);
    const elsewhere = `/download?file=${encodeURIComponent("https://assets.ctfassets.net/other/x/y/z.pdf")}`;
    expect((await pages(pageRequest(elsewhere))).status).toBe(404);
  });

  it("of the site is downloaded by its name", async () => {
    const download = await pages(pageRequest("/download?file=award-guidelines.pdf"));
    expect(download.headers.get("location")).toBe("/downloads/award-guidelines.pdf");
  });
});

describe("the enrolment page", () => {
  it("draws the QR code of the content's UPI payee, with no amount, beside the bank details", async () => {
    const { document } = await readPage(await pages(pageRequest("/sign-up")));
    const qr = document.querySelector('aside svg[role="img"]');
    expect(qr?.getAttribute("aria-label")).toBe("UPI QR code for paying the society's fee");
    expect(qr?.querySelector("path")?.getAttribute("d")).toBe(payeeQr(membershipContent().upi).path);
    expect(document.querySelector("aside")?.textContent).toContain(membershipContent().bank.accountNumber);
  });

  it("shows the bank account and UPI payee Contentful gives", async () => {
    useContentful();
    msw.use(
      contentfulSpace(
        changed((entries) => {
          Object.assign(entry(entries, "membershipPage").fields, {
            bankAccountNumber: "111122223333",
            upiAddress: "isgpb.new@exampleupi",
          });
        }),
      ),
    );
    const { document } = await readPage(await pages(pageRequest("/sign-up")));
    expect(document.querySelector("aside")?.textContent).toContain("111122223333");
    const payee = {
      address: "isgpb.new@exampleupi",
      payeeName: yamlContent()["membership.yaml"].upi.payeeName,
    };
    expect(document.querySelector('aside svg[role="img"] path')?.getAttribute("d")).toBe(payeeQr(payee).path);
  });
});
