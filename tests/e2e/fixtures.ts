/**
 * What every browser test gets besides Playwright's own fixtures:
 * - `site`: the production build served by this worker (scripts/dev/serve.ts), with Blobs of its
 *   own in a temporary folder and a database of its own in memory, started before the worker's
 *   first test and stopped after its last (`database()` of src/server reads that database);
 *   `baseURL` points at it;
 * - a watch on every page the test opens (the `page` fixture's and `openPage`'s): a console error
 *   or warning, an uncaught exception or a CSP violation fails the test, unless the test
 *   announced it with `allowProblems`. `problems` lists what the `page` fixture's context saw.
 */
import { mkdir, mkdtemp, rm, rmdir, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
  type Page,
} from "@playwright/test";
import { startServer } from "../../scripts/dev/serve.ts";

export { expect };

export type Site = {
  url: string;
};

export type WatchedPage = { page: Page; problems: string[]; close: () => Promise<void> };

type WorkerFixtures = { site: Site };
type TestFixtures = {
  /** What the `page` fixture's context reported so far. */
  problems: string[];
  /** Problems matching one of these are expected in this test (a refused request Chromium logs). */
  allowProblems: (...patterns: RegExp[]) => void;
  /**
   * A page in a context of its own (a second visitor, other settings), watched like `page`; its
   * settings are Chromium's defaults (JavaScript on) but for `options`, whatever the project's.
   */
  openPage: (options?: BrowserContextOptions) => Promise<WatchedPage>;
  /** Every watched context's problems, and the patterns announced; checked when the test ends. */
  watches: { lists: string[][]; allowed: RegExp[]; ofPage: string[] };
};

/** Records, on every page of `context`, console errors and warnings, uncaught exceptions and CSP violations. */
async function watch(context: BrowserContext): Promise<string[]> {
  const problems: string[] = [];
  context.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") {
      problems.push(`${message.type()}: ${message.text()} ${message.location().url}`.trim());
    }
  });
  context.on("weberror", (error) => problems.push(`uncaught: ${error.error().message}`));
  // A violation is reported to the page's own listeners; this one tells the console (a page
  // without JavaScript runs no script, this one neither).
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return problems;
}

/**
 * The framework's Netlify handler logs every request it answers ("[GET] http://…", "[200] http://…
 * (12ms)"), as Netlify's function log would: hundreds in a run, none of them a test's own words.
 */
const REQUEST_LOG = /^\[(?:[A-Z]+|\d{3})\] http:\/\/127\.0\.0\.1:\d+\//;

function quietRequestLog(): void {
  const log = console.log;
  console.log = (...args: unknown[]) => {
    if (typeof args[0] === "string" && REQUEST_LOG.test(args[0])) return;
    log(...args);
  };
}

/**
 * Runs `start` while no other worker is starting its server. The emulator's edge runtime asks the
 * system for a free port, and Deno binds it a second or more later; a worker starting in that gap
 * could be handed the same port, and its edge runtime failed (AddrInUse). startServer returns once
 * its edge runtime answers. A directory in the system's temporary folder is the lock (mkdir is
 * atomic across processes); one left by a worker that died is taken over after a minute.
 */
async function oneAtATime<T>(start: () => Promise<T>): Promise<T> {
  const lock = path.join(tmpdir(), "isgpb-e2e-server-start.lock");
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const age = await stat(lock).then(
        (found) => Date.now() - found.mtimeMs,
        () => 0,
      );
      if (age > 60_000) await rmdir(lock).catch(() => undefined);
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await start();
  } finally {
    await rmdir(lock).catch(() => undefined);
  }
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  site: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; it has none.
    async ({}, use, workerInfo) => {
      quietRequestLog();
      const folder = await mkdtemp(path.join(tmpdir(), `isgpb-e2e-${workerInfo.parallelIndex}-`));
      const server = await oneAtATime(() =>
        startServer(0, process.cwd(), {
          blobsDirectory: path.join(folder, "blobs"),
          databaseDirectory: null,
        }),
      );
      await use({ url: server.url });
      await server.close();
      await rm(folder, { recursive: true, force: true });
    },
    { scope: "worker", timeout: 60_000 },
  ],

  baseURL: async ({ site }, use) => use(site.url),

  // Set up before the pages and torn down after them, so it sees everything they reported.
  watches: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; it has none.
    async ({}, use) => {
      const watches = { lists: [] as string[][], allowed: [] as RegExp[], ofPage: [] as string[] };
      await use(watches);
      const unexpected = watches.lists
        .flat()
        .filter((problem) => !watches.allowed.some((pattern) => pattern.test(problem)));
      expect(unexpected, "console errors, uncaught exceptions or CSP violations in the test's pages").toEqual(
        [],
      );
    },
    { auto: true },
  ],

  context: async ({ context, watches }, use) => {
    watches.ofPage = await watch(context);
    watches.lists.push(watches.ofPage);
    await use(context);
  },

  problems: async ({ context: _watched, watches }, use) => use(watches.ofPage),

  allowProblems: async ({ watches }, use) => use((...patterns) => void watches.allowed.push(...patterns)),

  openPage: async ({ browser, baseURL, watches }, use) => {
    const opened: BrowserContext[] = [];
    await use(async (options = {}) => {
      const context = await browser.newContext({ baseURL, ...options });
      opened.push(context);
      const problems = await watch(context);
      watches.lists.push(problems);
      return { page: await context.newPage(), problems, close: () => context.close() };
    });
    for (const context of opened) await context.close();
  },
});
