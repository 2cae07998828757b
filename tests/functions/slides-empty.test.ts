import { expect, it, vi } from "vitest";
import slides from "../../netlify/functions/slides.ts";
import { contentfulFails } from "../mocks/contentful.ts";
import { startBlobsServer } from "../support/blobs.ts";
import { allowConsole } from "../support/console.ts";
import { setupMsw } from "../support/msw.ts";

allowConsole("error", /^last-good-copy: slides failed upstream, serving the last good copy /);

setupMsw(contentfulFails(500));
startBlobsServer();

it("answers 503 with Retry-After when Contentful fails and there is no copy yet", async () => {
  vi.stubEnv("CONTENTFUL_SPACE_ID", "space");
  vi.stubEnv("CONTENTFUL_ACCESS_TOKEN", "token");
  vi.stubEnv("CONTENTFUL_RETRY_LIMIT", "0");
  const response = await slides(new Request("http://localhost/api/slides"));
  expect(response.status).toBe(503);
  expect(response.headers.get("retry-after")).toBe("60");
  vi.unstubAllEnvs();
});

it("serves content/slides.json when Contentful is not configured", async () => {
  const response = await slides(new Request("http://localhost/api/slides"));
  expect(response.status).toBe(200);
  const body = await response.json();
  expect(body.length).toBeGreaterThan(1);
  expect(body[0].image).toMatch(/^\/images\/slides\/.+\.webp$/);
  expect(body[0].srcset).toContain("480w");
});
