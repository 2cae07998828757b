/**
 * The console as the tests see it: an error or a warning that no test announced fails the test
 * that printed it, and one a test announced must be printed. Installed for every unit, function
 * and component test by tests/setup/console.ts.
 */
type Level = "error" | "warn";
type Announced = { level: Level; pattern: RegExp; seen: number };

const original = { error: console.error, warn: console.warn };
/** Announced for a whole file: each line printed must match one (none need be printed). */
const allowed: Announced[] = [];
/** Announced by the running test: each must be printed at least once. */
let expected: Announced[] = [];
let unexpected: string[] = [];

const text = (args: unknown[]) =>
  args.map((arg) => (arg instanceof Error ? `${arg.name}: ${arg.message}` : String(arg))).join(" ");

function record(level: Level, args: unknown[]) {
  const line = text(args);
  const match = [...expected, ...allowed].find((entry) => entry.level === level && entry.pattern.test(line));
  if (match) match.seen++;
  else {
    unexpected.push(`console.${level}: ${line}`);
    original[level](...args);
  }
}

/** The running test expects this to be printed (and fails if it is not). */
export function expectConsole(level: Level, pattern: RegExp): void {
  expected.push({ level, pattern, seen: 0 });
}

/**
 * This file's tests may print lines like this (a failing upstream is logged by design); anything
 * else printed still fails the test.
 */
export function allowConsole(level: Level, pattern: RegExp): void {
  allowed.push({ level, pattern, seen: 0 });
}

export const consoleCheck = {
  install() {
    console.error = (...args: unknown[]) => record("error", args);
    console.warn = (...args: unknown[]) => record("warn", args);
  },
  reset() {
    expected = [];
    unexpected = [];
  },
  verify() {
    const missing = expected.filter((entry) => entry.seen === 0);
    const problems = [
      ...unexpected.map((line) => `unexpected ${line}`),
      ...missing.map(
        ({ level, pattern }) => `expected console.${level} matching ${pattern}, but none was printed`,
      ),
    ];
    this.reset();
    if (problems.length > 0) throw new Error(problems.join("\n"));
  },
};
