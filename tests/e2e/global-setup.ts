/**
 * Before the workers start: one folder, new for this run, where the workers' servers build the
 * functions (tests/e2e/fixtures.ts). Each function is built once for the whole run, by the first
 * worker that calls it, and the other workers use that build (scripts/dev/as-deployed.ts); a
 * build is 2 to 3 s of CPU, and each of the run's four workers (two per project) used to build
 * every function it called for itself. Removed when the run ends.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/** The folder's path, for the workers (they inherit this process's environment). */
export const FUNCTIONS_FOLDER_VARIABLE = "ISGPB_E2E_FUNCTIONS";

export default async function globalSetup(): Promise<() => Promise<void>> {
  const folder = await mkdtemp(path.join(tmpdir(), "isgpb-e2e-functions-"));
  process.env[FUNCTIONS_FOLDER_VARIABLE] = folder;
  return () => rm(folder, { recursive: true, force: true });
}
