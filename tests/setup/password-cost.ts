import { vi } from "vitest";

/**
 * The server tests hash passwords at 2^10 instead of production's 2^17: every sign-up, sign-in
 * and password change in them runs the real scrypt, at a few milliseconds instead of most of a
 * second of CPU each (beside the build, those seconds were a good part of the test run). Only the
 * cost changes, and the decoy hash with it, so an unknown address still costs what a real one
 * does. The tests about the cost itself run in a project without this file (vite.config.ts).
 */
vi.mock(import("#server/account/password-cost.server.ts"), async (importOriginal) =>
  (await import("#tests/support/password-cost.ts")).passwordCostAt(10, importOriginal),
);
