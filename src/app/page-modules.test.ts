import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { pageModules } from "./page-modules.ts";

/** The parts of the framework's context that the function reads: a root and one page route. */
function context(mode: "initial" | "lazy" = "initial"): EntryContext {
  return {
    ssr: true,
    routeDiscovery: { mode },
    manifest: {
      url: "/assets/manifest-1.js",
      entry: { module: "/assets/entry.client.js", imports: ["/assets/framework.js", "/assets/shell.js"] },
      routes: {
        root: { module: "/assets/root.js", imports: ["/assets/framework.js", "/assets/shell.js"] },
        "routes/login": {
          module: "/assets/login.js",
          clientActionModule: "/assets/login-client-action.js",
          imports: ["/assets/shell.js", "/assets/form.js"],
        },
        "routes/unused": { module: "/assets/unused.js" },
      },
    },
    staticHandlerContext: { matches: [{ route: { id: "root" } }, { route: { id: "routes/login" } }] },
  } as unknown as EntryContext;
}

describe("pageModules", () => {
  it("lists the manifest, the client entry and each matched route's modules once, in the framework's order", () => {
    expect(pageModules(context())).toEqual([
      "/assets/manifest-1.js",
      "/assets/entry.client.js",
      "/assets/framework.js",
      "/assets/shell.js",
      "/assets/root.js",
      "/assets/login.js",
      "/assets/login-client-action.js",
      "/assets/form.js",
    ]);
  });

  it("leaves the manifest out when the framework discovers routes lazily (it then sends no manifest file)", () => {
    expect(pageModules(context("lazy"))).not.toContain("/assets/manifest-1.js");
  });
});
