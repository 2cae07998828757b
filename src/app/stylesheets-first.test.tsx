import { useId } from "react";
import { renderToString } from "react-dom/server";
import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { StylesheetsFirst } from "./stylesheets-first.tsx";

/** One route with one stylesheet and one script: the parts of the framework's context the preloads read. */
const context = {
  ssr: true,
  routeDiscovery: { mode: "initial" },
  manifest: {
    url: "/assets/manifest-1.js",
    entry: { module: "/assets/entry.client.js", imports: [] },
    routes: { root: { module: "/assets/root.js", css: ["/assets/shell.css"] } },
  },
  routeModules: { root: {} },
  staticHandlerContext: { matches: [{ route: { id: "root" } }], errors: null },
} as unknown as EntryContext;

function Labelled() {
  const id = useId();
  return <input id={id} />;
}

describe("StylesheetsFirst", () => {
  it("preloads the page's stylesheets, then its script modules at low priority", () => {
    const html = renderToString(
      <html lang="en">
        <head />
        <body>
          <StylesheetsFirst context={context} scripts nonce="n0nce">
            <Labelled />
          </StylesheetsFirst>
        </body>
      </html>,
    );
    const links = html.match(/<link [^>]*>/g) ?? [];
    expect(links).toEqual([
      '<link rel="preload" href="/assets/shell.css" as="style"/>',
      '<link rel="modulepreload" href="/assets/manifest-1.js" nonce="n0nce" fetchPriority="low"/>',
      '<link rel="modulepreload" href="/assets/entry.client.js" nonce="n0nce" fetchPriority="low"/>',
      '<link rel="modulepreload" href="/assets/root.js" nonce="n0nce" fetchPriority="low"/>',
    ]);
  });

  it("asks for no script when the page comes without its scripts", () => {
    const html = renderToString(
      <html lang="en">
        <head />
        <body>
          <StylesheetsFirst context={context} scripts={false}>
            <Labelled />
          </StylesheetsFirst>
        </body>
      </html>,
    );
    expect(html).toContain('<link rel="preload" href="/assets/shell.css" as="style"/>');
    expect(html).not.toContain("modulepreload");
  });

  it("leaves the ids of useId as the browser's router, alone at the root, draws them", () => {
    const served = renderToString(
      <StylesheetsFirst context={context} scripts>
        <Labelled />
      </StylesheetsFirst>,
    );
    const hydrated = renderToString(<Labelled />);
    expect(served).toContain(hydrated.match(/id="[^"]+"/)?.[0]);
  });
});
