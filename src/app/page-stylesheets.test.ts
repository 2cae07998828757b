import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { pageStylesheets } from "./page-stylesheets.ts";

/** The parts of the framework's context that the function reads: three nested routes. */
function context(errors: Record<string, unknown> | null = null): EntryContext {
  const route = (id: string) => ({ route: { id } });
  return {
    manifest: {
      routes: {
        root: { css: ["/assets/shell.css"] },
        "routes/secretariat": { css: ["/assets/shell.css", "/assets/fields.css"] },
        "routes/secretariat-applications": {},
      },
    },
    routeModules: {
      root: {},
      "routes/secretariat": {
        links: () => [
          { rel: "stylesheet", href: "/assets/workspace.css" },
          { rel: "icon", href: "/favicon.svg" },
          { page: "/secretariat/applications" },
        ],
      },
      "routes/secretariat-applications": {},
    },
    staticHandlerContext: {
      matches: [route("root"), route("routes/secretariat"), route("routes/secretariat-applications")],
      errors,
    },
  } as unknown as EntryContext;
}

describe("pageStylesheets", () => {
  it("lists every matched route's CSS and links() stylesheets once, in the framework's order", () => {
    expect(pageStylesheets(context())).toEqual([
      "/assets/shell.css",
      "/assets/fields.css",
      "/assets/workspace.css",
    ]);
  });

  it("stops at the route whose boundary shows an error, as <Links /> does", () => {
    expect(pageStylesheets(context({ root: new Error("down") }))).toEqual(["/assets/shell.css"]);
  });
});
