/**
 * The import rules of docs/architecture.md, checked over every source file: which folder may
 * import which, who imports zod, and what a module an edge function reaches may import at all (it
 * runs on Deno).
 */
import { glob, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import pkg from "../../package.json" with { type: "json" };

const root = path.resolve(import.meta.dirname, "../..");
const aliases = Object.entries(pkg.imports as Record<string, string>).map(
  ([alias, target]) => [alias.replace("*", ""), target.replace("*", "").replace(/^\.\//, "")] as const,
);

type Import = { specifier: string; typeOnly: boolean; target: string | null };

/** Every import of a file, resolved to a repo path when it is ours, else `target: null`. */
async function importsOf(file: string): Promise<Import[]> {
  const source = await readFile(path.join(root, file), "utf8");
  const found: Import[] = [];
  const pattern =
    /(?:^|\n)\s*(import|export)(\s+type)?\b[^;'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|(?:^|\n)\s*import\s*["']([^"']+)["']/g;
  for (const match of source.matchAll(pattern)) {
    const specifier = match[3] ?? match[4] ?? match[5] ?? "";
    found.push({ specifier, typeOnly: Boolean(match[2]), target: resolve(file, specifier) });
  }
  return found;
}

function resolve(file: string, specifier: string): string | null {
  if (specifier.startsWith("."))
    return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  const alias = aliases.find(([prefix]) => specifier.startsWith(prefix));
  return alias ? alias[1] + specifier.slice(alias[0].length) : null;
}

const sourceFiles = async (pattern: string) => {
  const files: string[] = [];
  for await (const file of glob(pattern, { cwd: root })) {
    if (!file.includes("node_modules")) files.push(file.split(path.sep).join("/"));
  }
  return files.sort();
};

const code = (file: string) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file);
const under = (target: string | null, folder: string) => target?.startsWith(folder) ?? false;

const violations = async (files: string[], broken: (file: string, entry: Import) => boolean) => {
  const found: string[] = [];
  for (const file of files.filter(code)) {
    for (const entry of await importsOf(file))
      if (broken(file, entry)) found.push(`${file} → ${entry.specifier}`);
  }
  return found;
};

/** Code that runs in the browser, whole. */
const BROWSER = ["src/features/", "src/components/", "src/client/"];
/**
 * The framework's route modules (and the server entry) run on both sides: their loaders, actions
 * and middleware use server code, which the framework's build removes from the browser's bundle
 * (and scripts/build/server-code-guard.ts fails the build if any reaches it). The rest of src/app
 * is browser code.
 */
const isRouteModule = (file: string) =>
  file.startsWith("src/app/routes/") || ["src/app/root.tsx", "src/app/entry.server.tsx"].includes(file);

/**
 * Every module the files matching `pattern` load, following our own imports (type-only ones load
 * nothing), and each import that `broken` refuses.
 */
async function reached(pattern: string, broken: (entry: Import) => boolean) {
  const seen = new Set<string>();
  const queue = await sourceFiles(pattern);
  const found: string[] = [];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const entry of await importsOf(file)) {
      if (entry.typeOnly) continue;
      if (broken(entry)) found.push(`${file} → ${entry.specifier}`);
      else if (entry.target) queue.push(entry.target);
    }
  }
  return { found, seen };
}

describe("import rules", () => {
  it("src/shared imports nothing of ours outside src/shared", async () => {
    const files = await sourceFiles("src/shared/**/*.{ts,tsx}");
    expect(
      await violations(files, (_file, { target }) => target !== null && !under(target, "src/shared/")),
    ).toEqual([]);
  });

  it("a feature never imports another feature", async () => {
    const files = await sourceFiles("src/features/**/*.{ts,tsx}");
    const feature = (file: string) => file.split("/")[2];
    expect(
      await violations(
        files,
        (file, { target }) => under(target, "src/features/") && feature(target ?? "") !== feature(file),
      ),
    ).toEqual([]);
  });

  it("browser code never imports server code", async () => {
    const app = (await sourceFiles("src/app/**/*.{ts,tsx}")).filter((file) => !isRouteModule(file));
    const files = [
      ...(await Promise.all(BROWSER.map((folder) => sourceFiles(`${folder}**/*.{ts,tsx}`)))).flat(),
      ...app,
    ];
    expect(app).toContain("src/app/page-meta.ts");
    expect(
      await violations(
        files,
        (_file, { target, specifier }) => under(target, "src/server/") || /\.server(\.ts)?$/.test(specifier),
      ),
    ).toEqual([]);
  });

  it("accounts know nothing of membership: src/server/account never imports src/server/membership", async () => {
    // Enrolment, approval and the membership are built on accounts (decision 0018), not the reverse.
    const files = await sourceFiles("src/server/account/**/*.ts");
    expect(files.length).toBeGreaterThan(0);
    expect(await violations(files, (_file, { target }) => under(target, "src/server/membership/"))).toEqual(
      [],
    );
  });

  it("netlify/ reaches only src/shared and src/server", async () => {
    const files = await sourceFiles("netlify/**/*.ts");
    expect(
      await violations(
        files,
        (_file, { target }) =>
          target !== null &&
          !under(target, "src/shared/") &&
          !under(target, "src/server/") &&
          !under(target, "netlify/"),
      ),
    ).toEqual([]);
  });

  it("only src/shared/zod.ts imports zod, so its configuration holds wherever a schema runs", async () => {
    const files = await sourceFiles("{src,netlify,scripts,tests}/**/*.{ts,tsx}");
    expect(
      await violations(
        files,
        (file, { specifier }) => /^zod(\/|$)/.test(specifier) && file !== "src/shared/zod.ts",
      ),
    ).toEqual([]);
  });

  it("React Email is used only by the mail templates, on the server", async () => {
    // The templates render in functions; the browser never needs them, and a stored mail is
    // already rendered, so nothing else (the retry job included) should load React to send one.
    const files = (await sourceFiles("{src,netlify,scripts}/**/*.{ts,tsx}")).filter(
      (file) => !file.startsWith("src/server/mail/templates/"),
    );
    expect(await violations(files, (_file, { specifier }) => specifier.startsWith("@react-email/"))).toEqual(
      [],
    );
    const templates = await sourceFiles("src/server/mail/templates/**/*.{ts,tsx}");
    expect(templates.every((file) => /\.server\.tsx?$/.test(file) || file.endsWith(".test.ts"))).toBe(true);
  });

  it("every module an edge function reaches uses relative, Web-only imports (it runs on Deno)", async () => {
    const { found, seen } = await reached(
      "netlify/edge-functions/*.ts",
      (entry) => !entry.specifier.startsWith("."),
    );
    expect(found).toEqual([]);
    expect(seen.size).toBeGreaterThan(0);
  });

  it("no function reaches the framework's router: it is the pages' server, and is not bundled for a function", async () => {
    // The emulator bundles a function's packages for production and then loads the router's
    // development build: the function failed on every call under `npm start`.
    const { found, seen } = await reached("netlify/functions/*.ts", (entry) =>
      /^react-router(\/|$)/.test(entry.specifier),
    );
    expect(found).toEqual([]);
    // It did look: the secretariat's session check, shared by the workspace's pages and its
    // downloads, is reached by a function.
    expect(seen.has("src/server/secretariat/auth.server.ts")).toBe(true);
  });
});

describe("the rules' own parser", () => {
  it("finds static, re-exported, type-only and dynamic imports", async () => {
    const imports = await importsOf("tests/architecture/fixture-imports.ts");
    expect(imports.map(({ specifier, typeOnly }) => [specifier, typeOnly])).toEqual([
      ["#server/env.server.ts", true],
      ["../../src/shared/zod.ts", false],
      ["node:path", false],
      ["./fixture-imports.ts", false],
    ]);
    expect(imports[0]?.target).toBe("src/server/env.server.ts");
  });
});
