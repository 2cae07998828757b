import { afterAll, vi } from "vitest";

/**
 * The unit and component projects do not isolate test files (vite.config.ts, decision 0042): a
 * worker's files share what they import from node_modules (zod, React, msw, jsdom…), loaded once
 * per worker instead of once per file, about half the suite's CPU. Each file still starts afresh:
 *
 * - this runs before the file is imported, and drops every module of ours the worker has
 *   evaluated, with the state they hold (the directory's recent answers, a function's warm
 *   caches): what Vitest does between files when it isolates them, but for starting a new
 *   worker. Vitest itself drops a file's mocks when the file ends, isolated or not; the setup
 *   files after this one register theirs again;
 * - when the file ends, the environment variables and globals it stubbed are put back, whether
 *   or not it did so itself;
 * - no file finds the database an earlier file of the worker started: one that stores records says
 *   so (`startDatabase()`, tests/support/database.ts), and fails alike in any order without it.
 */
vi.resetModules();
delete process.env.NETLIFY_DB_URL;

afterAll(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});
