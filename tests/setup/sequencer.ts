/**
 * The order Vitest starts test files in: the server tests (tests/functions) first, then the rest in
 * Vitest's own order. On a clean checkout Vitest knows no durations and starts the larger files
 * first; the server tests are short to read but long to run (scrypt, Blobs, the sign-in timing
 * floors), so started late one of them ran on alone at the end on one of the two cores. A rule by
 * folder, not a list of files with their measured times: it needs no upkeep when a file grows.
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";

const SERVER_TESTS = "/tests/functions/";

export default class ServerTestsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => (spec.moduleId.includes(SERVER_TESTS) ? 0 : 1);
    // Array.prototype.sort is stable: each group keeps Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
