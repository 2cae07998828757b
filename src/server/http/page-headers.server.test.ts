import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { nonceContext, pageHeaders } from "./page-headers.server.ts";

/** What the root's middleware makes of the answer a route gave, for a request to `path`. */
async function answered(path: string, headers: Record<string, string>) {
  const context = new RouterContextProvider();
  const response = await pageHeaders(
    {
      request: new Request(`https://isgpb.example${path}`),
      context,
      params: {},
      unstable_pattern: "",
    } as never,
    async () => new Response("", { headers }),
  );
  return { headers: (response as Response).headers, nonce: context.get(nonceContext) };
}

/** What a route may say to share its answer: the browser's cache and Netlify's. */
const SHARED = {
  "Cache-Control": "public, max-age=60",
  "Netlify-CDN-Cache-Control": "public, durable, max-age=3600",
  "CDN-Cache-Control": "public, max-age=3600",
};

describe("the cache rule of an answer rendered for one request", () => {
  it("never lets a cache share a page that carries this request's nonce, whatever its route said", async () => {
    const { headers, nonce } = await answered("/search?q=rice", {
      "Content-Type": "text/html; charset=utf-8",
      ...SHARED,
    });
    expect(nonce).toBeTruthy();
    expect(headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
    expect(headers.get("cache-control")).toBe("private, no-store");
    expect(headers.has("netlify-cdn-cache-control")).toBe(false);
    expect(headers.has("cdn-cache-control")).toBe(false);
  });

  it("keeps a route's sharing of what carries no nonce (a page's data)", async () => {
    const { headers } = await answered("/search.data?q=rice", { "Content-Type": "text/x-script", ...SHARED });
    expect(headers.get("content-security-policy")).not.toContain("nonce");
    expect(headers.get("cache-control")).toBe(SHARED["Cache-Control"]);
    expect(headers.get("netlify-cdn-cache-control")).toBe(SHARED["Netlify-CDN-Cache-Control"]);
  });

  it("keeps anything else made for one request out of every cache", async () => {
    const { headers } = await answered("/account", { "Content-Type": "text/html; charset=utf-8" });
    expect(headers.get("cache-control")).toBe("private, no-store");
  });
});
