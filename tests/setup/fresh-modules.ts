import { vi } from "vitest";

/**
 * The unit and component projects do not isolate test files (vite.config.ts): a worker's files
 * share what they import from node_modules (zod, React, msw, jsdom…), loaded once per worker
 * instead of once per file, about half the suite's CPU. Our own modules are loaded afresh for
 * each file all the same: this runs before the file is imported, and drops every module of ours
 * the worker has evaluated, with the state they hold (the directory's recent answers, a
 * function's warm caches), so no file sees what another left there: what Vitest does between
 * files when it isolates them, but for starting a new worker. Vitest itself drops a file's mocks
 * when the file ends, isolated or not; the setup files after this one register theirs again.
 */
vi.resetModules();
