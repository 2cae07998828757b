/**
 * The one place the site's content is read: the pages' loaders, the build's check, the functions
 * and the jobs all come here. Today it is content/*.yaml, each file checked by its schema
 * (src/shared/content-schemas.ts); a broken file throws, naming the file and the field.
 *
 * A request or a job reads one snapshot of the whole content: `withContent` (the root's
 * middleware for every page, `endpoint(…, { content: true })` for a function, the jobs themselves)
 * loads it once and runs the rest inside it, so a loader (`await pageContent(file)`) and code deep
 * in the membership rules (`scopedContent(file)`, synchronous) see the same content.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { MiddlewareFunction } from "react-router";
import { parse } from "yaml";
import { type ContentFile, type ContentOf, contentFiles, contentSchemas } from "#shared/content-schemas.ts";
import { describeIssues } from "./content-issues.server.ts";

/** Content that cannot be read or breaks a schema: one line per problem, each naming where it is. */
export class ContentError extends Error {
  override name = "ContentError";
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(
      problems.length === 1
        ? (problems[0] ?? "")
        : `The site's content has ${problems.length} problems:\n${problems.join("\n")}`,
    );
    this.problems = problems;
  }
}

/** The whole of the site's content, every file as its schema gives it. */
export type ContentSnapshot = { readonly [F in ContentFile]: ContentOf<F> };

/** Parses and validates one content file; `file` is its path relative to content/. */
export function parseContent<F extends ContentFile>(file: F, text: string): ContentOf<F> {
  let data: unknown;
  try {
    data = parse(text, { prettyErrors: true });
  } catch (error) {
    throw new ContentError([`content/${file}: not valid YAML: ${(error as Error).message}`]);
  }
  const result = contentSchemas[file].safeParse(data);
  if (!result.success)
    throw new ContentError(
      describeIssues(data, result.error.issues).map(
        (problem) => `content/${file}: ${problem.path || "(whole file)"}: ${problem.message}`,
      ),
    );
  return result.data as ContentOf<F>;
}

let yaml: ContentSnapshot | undefined;

/**
 * content/*.yaml, read and checked once per process (the build's working directory, and the
 * function's, which ships the files through netlify.toml's included_files).
 */
export function yamlContent(): ContentSnapshot {
  if (!yaml) {
    const problems: string[] = [];
    const files: Partial<Record<ContentFile, unknown>> = {};
    for (const file of contentFiles) {
      try {
        files[file] = parseContent(file, readFileSync(path.resolve("content", file), "utf8"));
      } catch (error) {
        if (!(error instanceof ContentError)) throw error;
        problems.push(...error.problems);
      }
    }
    if (problems.length > 0) throw new ContentError(problems);
    yaml = files as ContentSnapshot;
  }
  return yaml;
}

/** What a request or a job reads: one snapshot. */
type Scope = { content: ContentSnapshot };

const scope = new AsyncLocalStorage<Scope>();

/** The published content, from its source. */
async function publishedContent(): Promise<ContentSnapshot> {
  return yamlContent();
}

/** The content this request or job reads: its scope's, or else the published content. */
export async function loadContent(): Promise<ContentSnapshot> {
  return scope.getStore()?.content ?? publishedContent();
}

/** One file of the content, for a loader. */
export async function pageContent<F extends ContentFile>(file: F): Promise<ContentOf<F>> {
  return (await loadContent())[file];
}

/**
 * One file of the content, synchronously, for code that runs inside `withContent` (the membership
 * rules, deep in the status and payment code). Outside a scope it is the YAML.
 */
export function scopedContent<F extends ContentFile>(file: F): ContentOf<F> {
  return (scope.getStore()?.content ?? yamlContent())[file];
}

/** Runs `work` with one snapshot of the content (the one already in scope, if any). */
export async function withContent<T>(work: () => Promise<T>): Promise<T> {
  if (scope.getStore()) return work();
  const content = await publishedContent();
  return scope.run({ content }, work);
}

/** The root's middleware: every page, its data and its form's action read one snapshot. */
export const contentScope: MiddlewareFunction<Response> = (_args, next) => withContent(() => next());

/** Reads and checks all the content, so a broken file stops the build before anything is rendered. */
export async function checkAllContent(): Promise<void> {
  await publishedContent();
}
