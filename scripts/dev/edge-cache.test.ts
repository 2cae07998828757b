import { describe, expect, it } from "vitest";
import { PUBLIC_CACHE } from "../../src/server/http/responses.server.ts";
import { edgeLifetime } from "./edge-cache.ts";

describe("edgeLifetime", () => {
  it("keeps a shared answer for its max-age and stale-while-revalidate", () => {
    const rule = "public, durable, max-age=300, stale-while-revalidate=86400";
    expect(edgeLifetime(new Headers({ "Netlify-CDN-Cache-Control": rule }))).toBe((300 + 86_400) * 1000);
    expect(edgeLifetime(new Headers({ "CDN-Cache-Control": "public, max-age=60" }))).toBe(60_000);
    // What the site's shared answers (the directory, news, fellows) send.
    expect(edgeLifetime(new Headers(PUBLIC_CACHE))).toBeGreaterThan(0);
  });

  it("keeps nothing that is private, per visitor, or not meant for the CDN", () => {
    const shared = { "Netlify-CDN-Cache-Control": "public, max-age=300" };
    expect(edgeLifetime(new Headers({ "Cache-Control": "public, max-age=60" }))).toBe(0);
    expect(edgeLifetime(new Headers({ "Netlify-CDN-Cache-Control": "private, no-store" }))).toBe(0);
    expect(edgeLifetime(new Headers({ ...shared, Vary: "Accept-Encoding, Cookie" }))).toBe(0);
    expect(edgeLifetime(new Headers({ ...shared, "Netlify-Vary": "cookie=session" }))).toBe(0);
    expect(edgeLifetime(new Headers({ ...shared, "Set-Cookie": "session=1" }))).toBe(0);
  });
});
