import { describe, expect, it } from "vitest";
import { searchResultsHtml } from "#shared/search-results-html.ts";
import { fillSearchPage } from "./search-page.server.ts";

const shell = [
  '<html><head><title>Search | ISGPB</title></head><body><div id="root"><main>',
  `<input id="search-page-q" type="search" name="q" value=""/>`,
  `<div id="search-results" class="r">${searchResultsHtml("", [])}</div>`,
  "</main></div>",
  '<script type="application/json" id="hydration-data">{"view":"/search"}</script>',
  '<script type="module" src="/assets/entry.js"></script></body></html>',
].join("");

describe("fillSearchPage", () => {
  const hit = {
    url: "/rules#fees",
    page: "Rules",
    kind: "rules" as const,
    title: [{ text: "Fees", mark: true }],
    snippet: [],
  };

  it("fills the results, the box and the title, escaping the query", () => {
    const page = fillSearchPage(shell, `fees"><script>x</script>`, [hit]);
    expect(page).toContain('value="fees&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
    expect(page).toContain("<title>fees&quot;&gt;&lt;script&gt;x&lt;/script&gt; - Search | ISGPB</title>");
    expect(page).toContain('<a href="/rules#fees"><mark>Fees</mark></a>');
    expect(page).not.toContain("<script>x");
  });

  it("drops the hydration data, so the browser renders the query's page afresh", () => {
    const page = fillSearchPage(shell, "fees", [hit]);
    expect(page).not.toContain("hydration-data");
    expect(page).toContain('<script type="module" src="/assets/entry.js"></script>');
  });

  it("refuses a page without the results element rather than answering a page without results", () => {
    expect(() => fillSearchPage("<html></html>", "x", [])).toThrow(/no #search-results/);
  });
});
