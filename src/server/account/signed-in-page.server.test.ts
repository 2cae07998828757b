import { describe, expect, it } from "vitest";
import { fillPart } from "./signed-in-page.server.ts";

const page =
  '<html><body><main><section id="part" class="card" aria-label="Membership and payment"><p><a href="/x">Show</a></p></section>' +
  '<section id="other"><p>kept</p></section></main><script type="application/json" id="hydration-data">{"view":"/x"}</script>' +
  '<script type="module" src="/boot.js"></script></body></html>';

describe("fillPart", () => {
  it("puts the server's part in place of the link, labelled by its heading, and drops the hydration data", () => {
    const filled = fillPart(page, "part", '<h2 id="part-title">Yours</h2><p>filled</p>', "part-title");
    expect(filled).toContain(
      '<section id="part" class="card" aria-labelledby="part-title"><h2 id="part-title">Yours</h2><p>filled</p></section>',
    );
    expect(filled).not.toContain('href="/x"');
    expect(filled).toContain('<section id="other"><p>kept</p></section>');
    expect(filled).not.toContain("hydration-data");
    expect(filled).toContain('src="/boot.js"');
  });

  it("refuses a page without the part, rather than answer it unfilled", () => {
    expect(() => fillPart(page, "missing", "<p>x</p>", "t")).toThrow("#missing");
  });
});
