import { useId } from "react";
import { renderToString } from "react-dom/server";
import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { StylesheetsFirst } from "./stylesheets-first.tsx";

/** One route with one stylesheet: the parts of the framework's context the preloads read. */
const context = {
  manifest: { routes: { root: { css: ["/assets/shell.css"] } } },
  routeModules: { root: {} },
  staticHandlerContext: { matches: [{ route: { id: "root" } }], errors: null },
} as unknown as EntryContext;

function Labelled() {
  const id = useId();
  return <input id={id} />;
}

describe("StylesheetsFirst", () => {
  it("preloads the page's stylesheets", () => {
    const html = renderToString(
      <html lang="en">
        <head />
        <body>
          <StylesheetsFirst context={context}>
            <Labelled />
          </StylesheetsFirst>
        </body>
      </html>,
    );
    expect(html).toMatch(/<link rel="preload" href="\/assets\/shell.css" as="style"\/>/);
  });

  it("leaves the ids of useId as the browser's router, alone at the root, draws them", () => {
    const served = renderToString(
      <StylesheetsFirst context={context}>
        <Labelled />
      </StylesheetsFirst>,
    );
    const hydrated = renderToString(<Labelled />);
    expect(served).toContain(hydrated.match(/id="[^"]+"/)?.[0]);
  });
});
