import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loader } from "./sitemap-xml.ts";

let paths: string[] = [];

beforeAll(async () => {
  // The directory's member ids are keyed with it; the development secret would warn.
  vi.stubEnv("SIGNING_SECRET", "sitemap-test-secret");
  const xml = await (await loader()).text();
  paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "").pathname);
});
afterAll(() => vi.unstubAllEnvs());

describe("/sitemap.xml", () => {
  it("lists the prerendered pages and the public forms' pages rendered per request", () => {
    expect(paths).toEqual(expect.arrayContaining(["/", "/about-us", "/awards", "/news-events"]));
    expect(paths).toEqual(expect.arrayContaining(["/contact-us", "/sign-up", "/login"]));
  });

  it("leaves out the signed-in pages, the workspace, search and the files, and lists each page once", () => {
    for (const path of paths)
      expect(path).not.toMatch(/^\/(account|secretariat|search|logout)\b|\.(xml|txt)$/);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
