/**
 * The order Vitest starts test files in: these first, then the rest in Vitest's own order. On a
 * clean checkout Vitest knows no durations and starts the larger files first, both projects' in
 * one queue, so the longest files, which are short to read (the sign-in timing test), started
 * last and ran on alone at the end, on one of the two cores. Started first, they run beside the
 * rest. The longest of them mostly waits (the forgot-password answer's 1.5 s floor), which leaves
 * the cores to the others. Durations in a whole run on a 2-core machine; a file missing here
 * only starts later.
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";

const LONGEST_FIRST = [
  "tests/functions/account-recovery.test.ts", // about 53 s, most of it waiting out the floor
  "tests/functions/login-timing.test.ts", // about 37 s: 60 cold sign-ins at half production's scrypt cost
  "tests/functions/secretariat-newsletter.test.ts", // about 25 s
  "tests/functions/secretariat-applications.test.ts", // about 17 s
  "tests/functions/failing-storage.test.ts", // about 15 s
  "tests/functions/member-privacy.test.ts", // about 15 s
];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = LONGEST_FIRST.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return at === -1 ? LONGEST_FIRST.length : at;
    };
    // Array.prototype.sort is stable: the rest keep Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
