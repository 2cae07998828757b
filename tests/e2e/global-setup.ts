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
  const browser = await chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  project.provide("baseUrl", server.url);
  project.provide("wsEndpoint", browser.wsEndpoint());
  return async () => {
    await browser.close();
    await server.close();
  };
}
