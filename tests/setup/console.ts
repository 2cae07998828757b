import { afterEach, beforeEach } from "vitest";
import { consoleCheck } from "../support/console.ts";

// An unexpected console.error or console.warn fails the test (see tests/support/console.ts).
consoleCheck.install();
beforeEach(() => consoleCheck.reset());
afterEach(() => consoleCheck.verify());
