import path from "node:path";
import { describe, expect, it } from "vitest";
import { edgeRoute, readEdgeRoutes } from "./edge-routes.ts";

const at = (pathname: string) => `http://127.0.0.1:8888${pathname}`;

describe("edgeRoute", () => {
  it("takes the methods and paths declared, any case of method, whatever the query", () => {
    const route = edgeRoute("post-limit-login.ts", {
      path: ["/login", "/login.data"],
      method: "POST",
      rateLimit: { windowLimit: 30, windowSize: 60 },
    });
    expect(route("POST", at("/login"))).toBe(true);
    expect(route("post", at("/login.data?index"))).toBe(true);
    expect(route("GET", at("/login"))).toBe(false);
    expect(route("POST", at("/login/"))).toBe(false);
    expect(route("POST", at("/login/other"))).toBe(false);
    expect(route("POST", at("/"))).toBe(false);
  });

  it("reads path patterns, a method given in lower case, and the paths excluded", () => {
    const route = edgeRoute("member.ts", {
      path: "/directory/member/*",
      excludedPath: ["/directory/member/public/*"],
      method: ["get" as "GET"],
    });
    expect(route("GET", at("/directory/member/ab12"))).toBe(true);
    expect(route("GET", at("/directory/member/public/ab12"))).toBe(false);
    expect(route("POST", at("/directory/member/ab12"))).toBe(false);
    expect(route("GET", at("/directory"))).toBe(false);
  });

  it("takes every method when none is declared", () => {
    const route = edgeRoute("all.ts", { path: "/newsletter/:action" });
    for (const method of ["GET", "HEAD", "POST", "DELETE"])
      expect(route(method, at("/newsletter/confirm"))).toBe(true);
    expect(route("GET", at("/newsletter"))).toBe(false);
  });

  it("refuses a config key it does not route by, and a function with no path", () => {
    expect(() => edgeRoute("header.ts", { path: "/a", header: { "x-a": true } })).toThrow(
      "serve.ts cannot route edge function header.ts (header)",
    );
    expect(() => edgeRoute("pattern.ts", { path: "/a", pattern: "^/b$" })).toThrow(
      "serve.ts cannot route edge function pattern.ts (pattern)",
    );
    expect(() => edgeRoute("bare.ts", { method: "POST" })).toThrow(
      "serve.ts cannot route edge function bare.ts (no path)",
    );
  });
});

describe("readEdgeRoutes", () => {
  it("routes every edge function of the site, a page POST to its rate limit and its GET not", async () => {
    const directory = path.resolve(import.meta.dirname, "..", "..", "netlify", "edge-functions");
    const routes = await readEdgeRoutes(directory);
    const byEdge = (method: string, pathname: string) => routes.some((route) => route(method, at(pathname)));
    expect(byEdge("POST", "/login")).toBe(true);
    expect(byEdge("POST", "/contact-us/_.data")).toBe(true);
    expect(byEdge("GET", "/login")).toBe(false);
    expect(byEdge("GET", "/favicon.svg")).toBe(false);
  });
});
