/**
 * Every query is parameterised (decision 0050): Kysely builds the site's SQL, and its `sql`
 * template sends what it interpolates as parameters. This fails on the ways a value could still be
 * spliced into SQL text: Kysely's raw escapes (`sql.raw`, `sql.lit`, `sql.id`, `sql.ref`,
 * `sql.table`, `sql.join` of raw parts), a driver's `query`/`exec` given a template with `${…}` or
 * a string built with `+`. Test code that empties tables by name is outside src/.
 */
import { glob, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

const SPLICES: [string, RegExp][] = [
  ["a raw escape of Kysely's sql", /\bsql\s*\.\s*(?:raw|lit|id|ref|table)\s*\(/],
  ["a query given an interpolated template", /\.(?:query|exec|unsafe)\s*\(\s*`[^`]*\$\{/],
  [
    "a query given a string built with +",
    /\.(?:query|exec|unsafe)\s*\(\s*(?:"[^"]*"|'[^']*'|`[^`]*`|\w+)\s*\+/,
  ],
];

/** The code that talks to the database in production, and the scripts that move records. */
async function sourceFiles(): Promise<string[]> {
  const files: string[] = [];
  for (const pattern of ["src/**/*.{ts,tsx}", "netlify/**/*.ts", "scripts/db/**/*.ts"]) {
    for await (const file of glob(pattern, { cwd: root })) if (!/\.test\.tsx?$/.test(file)) files.push(file);
  }
  return files.sort();
}

function splicesIn(source: string): string[] {
  return SPLICES.filter(([, pattern]) => pattern.test(source)).map(([name]) => name);
}

describe("SQL is never built from strings", () => {
  // The samples are source text to scan, so their `${…}` are meant as written, not filled in.
  it("finds each way of splicing a value into SQL text", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: source text to scan
    expect(splicesIn("db.query(`SELECT * FROM accounts WHERE email = '${email}'`)")).toEqual([
      "a query given an interpolated template",
    ]);
    expect(splicesIn('client.query("SELECT * FROM accounts WHERE id = " + id)')).toEqual([
      "a query given a string built with +",
    ]);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: source text to scan
    expect(splicesIn("sql`SELECT ${sql.raw(column)}`")).toEqual(["a raw escape of Kysely's sql"]);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: source text to scan
    expect(splicesIn("sql`SELECT * FROM accounts WHERE id = ${id}`.execute(db)")).toEqual([]);
    expect(splicesIn('db.selectFrom("accounts").where("id", "=", id)')).toEqual([]);
  });

  it("holds for every source file", async () => {
    const found: string[] = [];
    for (const file of await sourceFiles()) {
      const source = await readFile(path.join(root, file), "utf8");
      for (const splice of splicesIn(source)) found.push(`${file}: ${splice}`);
    }
    expect(found).toEqual([]);
  });
});
