import { useId } from "react";
import { renderToString } from "react-dom/server";
import { type EntryContext, MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { InlineStylesheets, PageStylesheets } from "./inline-stylesheets.tsx";

/** One route with two stylesheets: the parts of the framework's context the page's list reads. */
const context = {
  manifest: { routes: { root: { css: ["/assets/shell.css", "/assets/page.css#"] } } },
  routeModules: { root: {} },
  staticHandlerContext: { matches: [{ route: { id: "root" } }], errors: null },
} as unknown as EntryContext;

const texts = { "/assets/shell.css": "body{margin:0}", "/assets/page.css": ".card{padding:1rem}" };

function Labelled() {
  const id = useId();
  return <input id={id} />;
}

const served = (built: Record<string, string>) =>
  renderToString(
    <InlineStylesheets context={context} texts={built}>
      <MemoryRouter>
        <html lang="en">
          <head>
            <meta charSet="utf-8" />
            <PageStylesheets />
          </head>
          <body>
            <Labelled />
          </body>
        </html>
      </MemoryRouter>
    </InlineStylesheets>,
  );

describe("InlineStylesheets and PageStylesheets", () => {
  it("write the page's stylesheets into its head, in the framework's order, and link none", () => {
    const html = served(texts);
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toMatch(/<style[^>]*>body\{margin:0\}\.card\{padding:1rem\}<\/style>/);
    expect(head).toContain('data-href="/assets/shell.css /assets/page.css#"');
    expect(head).not.toMatch(/<link[^>]*stylesheet/);
  });

  it("refuse a page whose stylesheet the build does not have", () => {
    expect(() => served({ "/assets/shell.css": "body{margin:0}" })).toThrow(/\/assets\/page\.css/);
  });

  it("leave the ids of useId as the browser's router, alone at the root, draws them", () => {
    const page = renderToString(
      <InlineStylesheets context={context} texts={texts}>
        <Labelled />
      </InlineStylesheets>,
    );
    const hydrated = renderToString(<Labelled />);
    expect(page).toContain(hydrated.match(/id="[^"]+"/)?.[0]);
  });
});
