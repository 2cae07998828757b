/**
 * Build-time content loading: every YAML file under content/ is parsed and checked against its
 * schema in src/shared/content-schemas.ts. A problem fails the build with the file and field.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Plugin } from "vite";
import { parse } from "yaml";
import { contentSchemas } from "../../src/shared/content-schemas.ts";

export class ContentError extends Error {
  override name = "ContentError";
}

/** Parses and validates one content file; `file` is its path relative to content/. */
export function parseContent(file: string, text: string): unknown {
  const schema = (contentSchemas as Record<string, (typeof contentSchemas)[keyof typeof contentSchemas]>)[
    file
  ];
  if (!schema) {
    throw new ContentError(
      `content/${file}: no schema is registered for this file in src/shared/content-schemas.ts`,
    );
  }
  let data: unknown;
  try {
    data = parse(text, { prettyErrors: true });
  } catch (error) {
    throw new ContentError(`content/${file}: not valid YAML: ${(error as Error).message}`);
  }
  const result = schema.safeParse(data);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `content/${file}: ${issue.path.join(".") || "(whole file)"}: ${issue.message}`,
    );
    throw new ContentError(problems.join("\n"));
  }
  return result.data;
}

async function yamlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((entry) => entry.endsWith(".yaml")).map((entry) => entry.split(path.sep).join("/"));
}

/** Vite plugin: `import x from "#content/about.yaml"` yields the validated data. */
export function contentPlugin(contentDir = path.resolve("content")): Plugin {
  return {
    name: "isgpb-content",
    async buildStart() {
      // Check every file, not just the imported ones, so a broken file never waits to be used.
      for (const file of await yamlFiles(contentDir)) {
        this.addWatchFile(path.join(contentDir, file));
        parseContent(file, await readFile(path.join(contentDir, file), "utf8"));
      }
    },
    async load(id) {
      if (!id.startsWith(contentDir + path.sep) || !id.endsWith(".yaml")) return null;
      const file = path.relative(contentDir, id).split(path.sep).join("/");
      const data = parseContent(file, await readFile(id, "utf8"));
      return { code: `export default ${JSON.stringify(data)};`, moduleType: "js" };
    },
  };
}
