/**
 * A route's view params (handle.view) are one contract kept in three places: the pages its
 * `prerender` writes, netlify.toml's query rewrites that serve them, and the client's choice to
 * hydrate a page or render it afresh. These tests hold the three together.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { matchRoutes, type RouteObject } from "react-router-dom";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { prerenderUrls } from "./entry-server.tsx";
import { isRouteHandle, type RouteHandle } from "./route-handle.ts";
import { routes } from "./routes.tsx";

// The directory's member ids in its prerendered pages are keyed with the signing secret.
beforeAll(() => vi.stubEnv("SIGNING_SECRET", "route-views-test-secret"));

/** The handle of the page route that answers a path (its lazy module loaded). */
async function handleFor(pathname: string): Promise<RouteHandle | undefined> {
  const route = matchRoutes(routes, pathname)?.at(-1)?.route as RouteObject | undefined;
  const module = typeof route?.lazy === "function" ? await route.lazy() : route;
  const handle = (module as { handle?: unknown } | undefined)?.handle;
  return isRouteHandle(handle) ? handle : undefined;
}

/** netlify.toml's rewrites that pick a prerendered file by a search param: path and param. */
async function queryRewrites(): Promise<{ from: string; param: string }[]> {
  const toml = await readFile(path.resolve(import.meta.dirname, "../../netlify.toml"), "utf8");
  return toml
    .split("[[redirects]]")
    .slice(1)
    .flatMap((rule) => {
      const from = /^\s*from = "([^"]+)"/m.exec(rule)?.[1];
      const query = /^\s*query = \{ (\w+) = ":\w+" \}/m.exec(rule)?.[1];
      const rewrite = /^\s*status = 200\b/m.test(rule) && /^\s*to = "[^"]*index\.html"/m.test(rule);
      return from && query && rewrite ? [{ from, param: query }] : [];
    });
}

describe("a route's view params", () => {
  it("name every search param of its prerendered pages, and only those", async () => {
    const used = new Map<string, Set<string>>();
    for (const url of await prerenderUrls()) {
      const { pathname, searchParams } = new URL(url, "https://example.org");
      const view = (await handleFor(pathname))?.view ?? [];
      for (const name of searchParams.keys())
        expect(view, `${url}: "${name}" is not a view param`).toContain(name);
      for (const name of searchParams.keys()) used.set(pathname, (used.get(pathname) ?? new Set()).add(name));
    }
    const declared = new Map<string, string[]>();
    for (const route of routes[0]?.children ?? []) {
      if (!route.path || route.path.includes(":") || route.path === "*") continue;
      const view = (await handleFor(route.path))?.view ?? [];
      if (view.length > 0) declared.set(route.path, [...view]);
    }
    expect(declared.size).toBeGreaterThan(0);
    for (const [pathname, view] of declared)
      expect([...(used.get(pathname) ?? [])].sort()).toEqual([...view].sort());
  });

  it("are the params netlify.toml rewrites to a prerendered file, both ways", async () => {
    const rewrites = await queryRewrites();
    expect(rewrites.length).toBeGreaterThan(0);
    for (const { from, param } of rewrites)
      expect((await handleFor(from))?.view ?? [], from).toContain(param);
    for (const route of routes[0]?.children ?? []) {
      if (!route.path || route.path.includes(":") || route.path === "*") continue;
      for (const param of (await handleFor(route.path))?.view ?? [])
        expect(rewrites, `${route.path}?${param}=`).toContainEqual({ from: route.path, param });
    }
  });
});
