import { describe, expect, it } from "vitest";
import { escapeHtml } from "../../src/shared/escape-html.ts";
import { assetsFor, outputPath, renderDocument, robotsTxt, sitemapXml } from "./html-document.ts";

const manifest = {
  "index.html": { file: "assets/index.js", css: ["assets/index.css"] },
  "src/app/entry-client.tsx": { file: "assets/app.js", imports: ["_react.js"] },
  "_react.js": { file: "assets/react.js" },
  "src/app/routes.tsx": { file: "assets/routes.js", imports: ["_react.js"] },
  "src/routes/about-us.tsx": { file: "assets/about-us.js", imports: ["_banner.js"] },
  "_banner.js": { file: "assets/banner.js", css: ["assets/banner.css"], imports: ["index.html"] },
};
const template = `<html><head><!--app-head--><script type="module" crossorigin src="/assets/index.js"></script><link rel="stylesheet" href="/assets/index.css"></head><body><div id="root"><!--app-html--></div></body></html>`;

describe("outputPath", () => {
  it.each([
    ["/", "index.html"],
    ["/about-us", "about-us/index.html"],
    ["/office-bearers?year=2020-2022", "office-bearers/year/2020-2022/index.html"],
  ])("%s is written to %s", (url, file) => expect(outputPath(url)).toBe(file));
});

describe("assetsFor", () => {
  it("follows static imports for JS and CSS, once each", () => {
    expect(assetsFor(manifest, ["src/routes/about-us.tsx"])).toEqual({
      js: ["/assets/about-us.js", "/assets/banner.js", "/assets/index.js"],
      css: ["/assets/banner.css", "/assets/index.css"],
    });
  });

  it("fails loudly for a module the build does not know", () => {
    expect(() => assetsFor(manifest, ["src/routes/gone.tsx"])).toThrow(/not in the Vite manifest/);
  });
});

describe("renderDocument", () => {
  it("preloads the page's hero image with its srcset, at high priority", () => {
    const page = {
      url: new URL("https://example.org/"),
      html: "",
      meta: {
        title: "Home",
        description: "d",
        preloadImage: { href: "/a-720.webp", srcset: "/a-480.webp 480w, /a-720.webp 720w", sizes: "100vw" },
      },
      canonical: "https://example.org/",
      siteName: "Society",
      hydrationJson: "{}",
      modules: [],
    };
    const html = renderDocument(template, page, manifest);
    expect(html).toContain(
      '<link rel="preload" as="image" href="/a-720.webp" imagesrcset="/a-480.webp 480w, /a-720.webp 720w" imagesizes="100vw" fetchpriority="high" />',
    );
    // After the render-blocking stylesheet, still inside the head.
    expect(html.indexOf('rel="preload"')).toBeGreaterThan(html.indexOf('rel="stylesheet"'));
    expect(html.indexOf('rel="preload"')).toBeLessThan(html.indexOf("</head>"));
    const plain = renderDocument(
      template,
      { ...page, meta: { ...page.meta, preloadImage: { href: "/a.webp" } } },
      manifest,
    );
    expect(plain).toContain('<link rel="preload" as="image" href="/a.webp" fetchpriority="high" />');
  });

  const html = renderDocument(
    template,
    {
      url: new URL("https://example.org/about-us"),
      html: "<h1>About</h1>",
      meta: { title: 'About "us" & more', description: "<b>desc</b>" },
      canonical: "https://example.org/about-us",
      siteName: "Society",
      hydrationJson: '{"a":"\\u003c/script>"}',
      modules: ["src/routes/about-us.tsx"],
    },
    manifest,
  );

  it("escapes the title and description into the head", () => {
    expect(html).toContain("<title>About &quot;us&quot; &amp; more</title>");
    expect(html).toContain('<meta name="description" content="&lt;b&gt;desc&lt;/b&gt;" />');
    expect(html).toContain('<link rel="canonical" href="https://example.org/about-us" />');
  });

  it("links the page's CSS but not what the template already has", () => {
    expect(html).toContain('<link rel="stylesheet" href="/assets/banner.css" />');
    expect(html.match(/\/assets\/index\.css/g)).toHaveLength(1);
  });

  it("names no chunk for the head to fetch at once: the boot script lists them for after first paint", () => {
    expect(html).not.toContain("modulepreload");
    const boot = /<script type="module"[^>]*>/.exec(html)?.[0];
    expect(boot).toContain('fetchpriority="low"');
    expect(boot).toContain('src="/assets/index.js"');
    expect(boot).toContain('data-entry="/assets/app.js"');
    expect(boot).toContain(
      'data-modules="/assets/app.js /assets/react.js /assets/routes.js /assets/about-us.js /assets/banner.js"',
    );
  });

  it("puts the content in #root and the hydration data in a non-executable JSON block", () => {
    expect(html).toContain('<div id="root"><h1>About</h1></div>');
    expect(html).toMatch(
      /<script type="application\/json" id="hydration-data">\{"a":"\\u003c\/script>"\}<\/script>/,
    );
  });
});

describe("sitemap and robots", () => {
  it("lists absolute, escaped URLs", () => {
    const xml = sitemapXml("https://example.org", ["/", "/office-bearers?year=1960&x=1"]);
    expect(xml).toContain("<loc>https://example.org/</loc>");
    expect(xml).toContain("<loc>https://example.org/office-bearers?year=1960&amp;x=1</loc>");
  });

  it("points robots at the sitemap and keeps crawlers off the API", () => {
    expect(robotsTxt("https://example.org")).toBe(
      "User-agent: *\nDisallow: /api/\nSitemap: https://example.org/sitemap.xml\n",
    );
  });

  it("escapes every HTML-special character", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  });
});
