import { describe, expect, it } from "vitest";
import {
  type AssetsManifest,
  checkPage,
  initialScripts,
  pagePath,
  pageRoutes,
  preactCarriers,
} from "./script-budget.ts";

const assets: AssetsManifest = {
  url: "/assets/manifest-1a2b.js",
  entry: {
    module: "/assets/entry.client-x.js",
    imports: ["/assets/react-dom-x.js", "/assets/jsx-runtime-x.js"],
  },
  routes: {
    root: {
      id: "root",
      path: "",
      module: "/assets/root-x.js",
      imports: ["/assets/jsx-runtime-x.js"],
      hasDefaultExport: true,
    },
    "routes/home": {
      id: "routes/home",
      parentId: "root",
      index: true,
      module: "/assets/home-x.js",
      hasDefaultExport: true,
    },
    "routes/secretariat": {
      id: "routes/secretariat",
      parentId: "root",
      path: "secretariat",
      module: "/assets/ws-x.js",
      hasDefaultExport: true,
    },
    "routes/secretariat.messages": {
      id: "routes/secretariat.messages",
      parentId: "routes/secretariat",
      path: "messages/:id",
      module: "/assets/messages-x.js",
      imports: ["/assets/zod-x.js"],
      hasDefaultExport: true,
    },
    "routes/sitemap": {
      id: "routes/sitemap",
      parentId: "root",
      path: "sitemap.xml",
      module: "/assets/sitemap-x.js",
      hasDefaultExport: false,
    },
  },
};
const route = (id: string) => assets.routes[id] as AssetsManifest["routes"][string];

describe("pageRoutes and initialScripts", () => {
  it("takes the pages, not layouts or resource routes, with their full paths", () => {
    expect(pageRoutes(assets).map((page) => pagePath(assets, page))).toEqual([
      "/",
      "/secretariat/messages/:id",
    ]);
  });

  it("counts the entry, the route manifest and every route's module and imports from the root down", () => {
    expect(initialScripts(assets, route("routes/secretariat.messages"))).toEqual([
      "assets/entry.client-x.js",
      "assets/jsx-runtime-x.js",
      "assets/manifest-1a2b.js",
      "assets/messages-x.js",
      "assets/react-dom-x.js",
      "assets/root-x.js",
      "assets/ws-x.js",
      "assets/zod-x.js",
    ]);
  });
});

describe("checkPage", () => {
  const modules: Record<string, string[]> = {
    "assets/react-dom-x.js": [
      "node_modules/react-dom/cjs/react-dom-client.production.js",
      "node_modules/scheduler/index.js",
    ],
    "assets/router-x.js": ["node_modules/react-router/dist/development/chunk.mjs"],
    "assets/form-x.js": ["src/components/forms/page-form.tsx", "node_modules/react-router/dist/index.mjs"],
    "assets/zod-x.js": ["node_modules/zod/v4/mini/index.js", "src/shared/zod.ts"],
  };
  const check = (sizes: Record<string, number>) =>
    checkPage(
      "/sign-up",
      Object.keys(sizes),
      (file) => sizes[file] ?? 0,
      (file) => modules[file],
    );

  it("passes a page within both budgets, counting only our code and others' libraries as its own", () => {
    const line = check({
      "assets/react-dom-x.js": 60,
      "assets/router-x.js": 30,
      "assets/manifest-1a2b.js": 3,
      "assets/form-x.js": 20,
      "assets/zod-x.js": 15,
    });
    expect(line).toMatchObject({ ok: true, kb: 128, ownKb: 35 });
  });

  it("fails a page over 135 KB in all", () => {
    const line = check({ "assets/react-dom-x.js": 100, "assets/router-x.js": 36 });
    expect(line.ok).toBe(false);
    expect(line.reasons).toEqual(["136.0 KB of JavaScript, over 135 KB"]);
  });

  it("fails a page with more than 35 KB of its own, naming the heaviest files; an unknown file counts as ours", () => {
    const line = check({ "assets/react-dom-x.js": 60, "assets/zod-x.js": 20, "assets/mystery-x.js": 15.5 });
    expect(line.ok).toBe(false);
    expect(line.reasons).toEqual([
      "35.5 KB of the site's own code, over 35 KB (heaviest: assets/zod-x.js 20.0 KB, assets/mystery-x.js 15.5 KB)",
    ]);
  });
});

describe("preactCarriers", () => {
  it("names every client file that carries Preact", () => {
    expect(
      preactCarriers({
        "assets/a.js": ["node_modules/react/index.js"],
        "assets/b.js": ["src/app/root.tsx", "node_modules/preact/compat/dist/compat.module.js"],
      }),
    ).toEqual(["assets/b.js (node_modules/preact/compat/dist/compat.module.js)"]);
  });
});
