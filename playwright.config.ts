/**
 * The browser tests (tests/e2e/*.spec.ts): Playwright Test against the production build, on
 * Debian's Chromium headless shell. Each worker serves the build itself, with Blobs of its own
 * (tests/e2e/fixtures.ts); `npm run build` must have run first (`npm test` does).
 * Decision 0030 says why it is shaped this way.
 */
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, headlessShellPath } from "./scripts/dev/chromium.ts";

/**
 * A test runs with JavaScript, without it, or both ways: "@no-js" in its title's tags runs it
 * only without, "@js-and-no-js" in both projects, and an untagged test only with JavaScript
 * (the HTTP checks that open no page among them, so each runs once).
 */
const NO_JS_ONLY = /@no-js\b/;
const BOTH = /@js-and-no-js\b/;

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "*.spec.ts",
  // Two workers keep a 2-core machine busy: a browser test mostly waits (on the page, on a
  // function's first build), and each worker runs a server and a Chromium of its own.
  workers: 2,
  // Tests of one file may run in different workers: each worker has its own site and Blobs, and
  // every test seeds what it needs. Long files (the sitemap sweep) no longer decide the run's end.
  fullyParallel: true,
  // A test that fails once is run once more: passing then, it is reported as flaky, and the run
  // still fails (a flaky test is a bug to fix, in the site or the test, never to hide).
  retries: 1,
  failOnFlakyTests: true,
  forbidOnly: true,
  // A page's first visit can wait for a function's first build (one to three seconds each, on a
  // busy machine more): the old runner's limit, kept.
  timeout: 60_000,
  reporter: [["list"]],
  use: {
    browserName: "chromium",
    // Debian's Chromium headless shell: no browser download (`npx playwright install` is never
    // needed), and the lighter build Playwright itself runs headless (decision 0033).
    launchOptions: { executablePath: headlessShellPath(), args: CHROMIUM_ARGS },
    // A failure keeps what happened: the trace of its retry (`npx playwright show-trace
    // test-results/…/trace.zip`) and a screenshot, under test-results/. Tracing only the retry
    // keeps the first run, which nearly always passes, at full speed.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "javascript", use: { javaScriptEnabled: true }, grepInvert: NO_JS_ONLY },
    { name: "no-javascript", use: { javaScriptEnabled: false }, grep: [NO_JS_ONLY, BOTH] },
  ],
});
