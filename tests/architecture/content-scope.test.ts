/**
 * Code deep in the membership rules reads the site's content synchronously (`scopedContent`),
 * from the snapshot its request or job loaded first (src/server/content/page-content.server.ts).
 * A function that reaches such code must load that snapshot: `endpoint(…, { content: true })`, or
 * `withContent(…)` around its work. Without it, with Contentful configured, the read would fail.
 */
import { existsSync } from "node:fs";
import { glob, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import pkg from "../../package.json" with { type: "json" };

const root = path.resolve(import.meta.dirname, "../..");
const aliases = Object.entries(pkg.imports as Record<string, string>).map(
  ([alias, target]) => [alias.replace("*", ""), target.replace("*", "").replace(/^\.\//, "")] as const,
);

/** The module a specifier names, when it is ours (type-only imports are left out: they run nothing). */
function resolve(file: string, specifier: string): string | null {
  const alias = aliases.find(([prefix]) => specifier.startsWith(prefix));
  const target = specifier.startsWith(".")
    ? path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier))
    : alias
      ? alias[1] + specifier.slice(alias[0].length)
      : null;
  return target && existsSync(path.join(root, target)) ? target : null;
}

const sources = new Map<string, string>();
const source = async (file: string) => {
  if (!sources.has(file)) sources.set(file, await readFile(path.join(root, file), "utf8"));
  return sources.get(file) ?? "";
};

async function valueImports(file: string): Promise<string[]> {
  const pattern =
    /(?:^|\n)\s*(?:import|export)(\s+type)?\b[^;'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
  const found: string[] = [];
  for (const match of (await source(file)).matchAll(pattern)) {
    if (match[1]) continue;
    const target = resolve(file, match[2] ?? match[3] ?? "");
    if (target) found.push(target);
  }
  return found;
}

/** The modules `file` runs, itself included. */
async function reached(file: string): Promise<Set<string>> {
  const seen = new Set<string>([file]);
  const queue = [file];
  for (let next = queue.pop(); next !== undefined; next = queue.pop())
    for (const target of await valueImports(next))
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
  return seen;
}

const SOURCE_MODULE = "src/server/content/page-content.server.ts";

describe("the content's snapshot", () => {
  it("is loaded by every function whose code reads the content synchronously", async () => {
    const functions: string[] = [];
    for await (const file of glob("netlify/functions/*.ts", { cwd: root }))
      if (!file.endsWith(".test.ts")) functions.push(file.split(path.sep).join("/"));
    const missing: string[] = [];
    const reading: string[] = [];
    for (const fn of functions.sort()) {
      const readers: string[] = [];
      for (const module of await reached(fn))
        if (module !== SOURCE_MODULE && /\bscopedContent\(/.test(await source(module))) readers.push(module);
      if (readers.length === 0) continue;
      reading.push(fn);
      const text = await source(fn);
      if (!/content: true|withContent\(/.test(text)) missing.push(`${fn} (reaches ${readers.join(", ")})`);
    }
    expect(missing).toEqual([]);
    // The check sees the functions that read the membership's rules through what they import: the
    // workspace's CSV export and the reminders (a sign it still follows imports).
    expect(reading).toEqual(
      expect.arrayContaining([
        "netlify/functions/secretariat-export.ts",
        "netlify/functions/membership-reminders.ts",
      ]),
    );
  });
});
