import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { CHROMIUM_ARGS, chromiumPath } from "../../scripts/dev/chromium.ts";
import { startServer } from "../../scripts/dev/serve.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    wsEndpoint: string;
  }
}

/** One production server (dist/ served as Netlify would) and one Chromium for all browser tests. */
export default async function setup(project: TestProject) {
  const server = await startServer();
  // The edge runtime starts on the first request that meets an edge function, and a function is
  // built on its first call: pay both here, so no test's first page load waits for them.
  for (const warm of ["/login", "/api/session"]) await fetch(new URL(warm, server.url)).then((r) => r.text());
  const browser = await chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  project.provide("baseUrl", server.url);
  project.provide("wsEndpoint", browser.wsEndpoint());
  return async () => {
    await browser.close();
    await server.close();
  };
}
