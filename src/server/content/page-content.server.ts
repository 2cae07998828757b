import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { type ContentFile, type ContentOf, contentFiles, contentSchemas } from "#shared/content-schemas.ts";

export class ContentError extends Error {
  override name = "ContentError";
}

/** Parses and validates one content file; `file` is its path relative to content/. */
export function parseContent<F extends ContentFile>(file: F, text: string): ContentOf<F> {
  let data: unknown;
  try {
    data = parse(text, { prettyErrors: true });
  } catch (error) {
    throw new ContentError(`content/${file}: not valid YAML: ${(error as Error).message}`);
  }
  const result = contentSchemas[file].safeParse(data);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `content/${file}: ${issue.path.join(".") || "(whole file)"}: ${issue.message}`,
    );
    throw new ContentError(problems.join("\n"));
  }
  return result.data as ContentOf<F>;
}

const cache = new Map<ContentFile, unknown>();

/**
 * One of the society's content files, validated by its schema: read once per process from
 * content/ (the build's working directory, and the function's, which ships the files through
 * netlify.toml's included_files). A broken file throws, naming the file and the field.
 */
export function pageContent<F extends ContentFile>(file: F): ContentOf<F> {
  if (!cache.has(file)) {
    cache.set(file, parseContent(file, readFileSync(path.resolve("content", file), "utf8")));
  }
  return cache.get(file) as ContentOf<F>;
}

/** Reads and checks every content file, so a broken one stops the build before anything is rendered. */
export function checkAllContent(): void {
  for (const file of contentFiles) pageContent(file);
}
