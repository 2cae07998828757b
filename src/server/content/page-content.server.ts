/**
 * The one place the site's content is read (decision 0029): the pages' loaders, the build's check,
 * the functions and the jobs all come here. One source per build: Contentful when
 * CONTENTFUL_SPACE_ID and CONTENTFUL_ACCESS_TOKEN are set (contentful-content.server.ts), else
 * content/*.yaml. Both give every content file's shape, checked by that file's schema
 * (src/shared/content-schemas.ts); a problem names the file or the entry, the field and what is
 * wrong.
 *
 * A request or a job reads one snapshot of the whole content: `withContent` (the root's
 * middleware for every page, `endpoint(…, { content: true })` for a function, the jobs themselves)
 * loads it once and runs the rest inside it, so a loader (`await pageContent(file)`) and code deep
 * in the membership rules (`scopedContent(file)`, synchronous) see the same content. A preview
 * (`withPreviewContent`) is such a snapshot of the drafts.
 *
 * How often Contentful is asked:
 * - the build (prerendering) reads it once, and every page is prerendered from that reading;
 * - a function reuses its reading for CONTENTFUL_CONTENT_CACHE_SECONDS (60). After that the next
 *   request still gets it at once, and starts a new reading behind it that the requests after it
 *   get (decision 0036): a slow or hanging Contentful never holds up a page that has content to
 *   show. When Contentful fails, or answers content the schemas refuse, the reading is the last
 *   good copy kept in Blobs (`last-good-copy` store), as the news and events do;
 * - a preview reads the drafts afresh each time, and keeps them nowhere.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { type ContentFile, type ContentOf, contentFiles, contentSchemas } from "#shared/content-schemas.ts";
import { type ContentfulConfig, contentfulConfig, contentfulPreviewConfig, readEnv } from "../env.server.ts";
// A type only: the module that reads Netlify's request context is the pages' alone.
import type { KeepAlive } from "../http/netlify-context.server.ts";
import { withLastGoodCopy } from "../last-good-copy.server.ts";
import { isPrerendering } from "../prerendering.server.ts";
import { ContentError, describeIssues } from "./content-issues.server.ts";
import { type PreviewState, previewState, scope } from "./content-scope.server.ts";
import { contentfulContent } from "./contentful-content.server.ts";

export { ContentError, type PreviewState, previewState };

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
 * function's, which ships the files through netlify.toml's included_files). With Contentful, the
 * parts that stay in the repository are read from here too.
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

/**
 * The build's one reading of Contentful, shared by every copy of this module in the process (the
 * build's configuration, which lists the pages, and the server bundle, which renders them), so an
 * entry published halfway through a build cannot make two pages disagree: its webhook starts the
 * next build.
 */
const BUILD_READING = Symbol.for("isgpb.content.build-reading");
type BuildReading = { key: string; content: Promise<ContentSnapshot> };
const buildHolder = globalThis as { [BUILD_READING]?: BuildReading };

/**
 * A function's reading. `ready` is set once it has answered; a reading older than the cache's time
 * is still served while `refreshing` replaces it.
 */
type Reading = {
  key: string;
  at: number;
  content: Promise<ContentSnapshot>;
  ready?: ContentSnapshot;
  refreshing?: Promise<void>;
};
let runtime: Reading | undefined;

const spaceKey = (config: ContentfulConfig) => `${config.host}/${config.space}/${config.environment}`;

/** A reading of Contentful, or else of the last good copy; kept as the function's reading. */
function readAnew(config: ContentfulConfig, key: string): Reading {
  const content = withLastGoodCopy(`content/${key}`, () => contentfulContent(config, yamlContent()), {
    timeoutMs: config.timeoutMs * (config.retryLimit + 1) + 2000,
  }).then((served) => served.data);
  const reading: Reading = { key, at: Date.now(), content };
  content.then(
    (ready) => {
      reading.ready = ready;
    },
    // A failed reading (no copy to fall back on) is not kept: the next request tries again.
    () => {
      if (runtime === reading) runtime = undefined;
    },
  );
  return reading;
}

/**
 * Reads again behind a reading that has grown old, once at a time. Its answer (Contentful's, or
 * the last good copy) replaces the reading; a failure keeps it, and the next request tries again.
 */
function refresh(held: Reading, config: ContentfulConfig, keepAlive?: KeepAlive): void {
  if (held.refreshing) return;
  const next = readAnew(config, held.key);
  held.refreshing = next.content.then(
    () => {
      if (runtime === held) runtime = next;
    },
    () => {
      held.refreshing = undefined;
    },
  );
  keepAlive?.(held.refreshing);
}

/**
 * The published content, from the source the environment names. `keepAlive` lets a reading started
 * behind this request finish after its answer.
 */
async function publishedContent(keepAlive?: KeepAlive): Promise<ContentSnapshot> {
  const config = contentfulConfig();
  if (!config) return yamlContent();
  const key = spaceKey(config);
  if (isPrerendering()) {
    const held = buildHolder[BUILD_READING];
    if (held?.key === key) return held.content;
    const content = contentfulContent(config, yamlContent());
    buildHolder[BUILD_READING] = { key, content };
    return content;
  }
  if (runtime?.key === key) {
    const maxAge = readEnv().CONTENTFUL_CONTENT_CACHE_SECONDS * 1000;
    if (runtime.ready && Date.now() - runtime.at >= maxAge) refresh(runtime, config, keepAlive);
    // The first reading is waited for: there is nothing else to show.
    return runtime.content;
  }
  runtime = readAnew(config, key);
  return runtime.content;
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
 * rules, deep in the status and payment code). Outside a scope it is the YAML when Contentful is
 * not configured, and an error when it is: the snapshot must be loaded first.
 */
export function scopedContent<F extends ContentFile>(file: F): ContentOf<F> {
  const content = scope.getStore()?.content;
  if (content) return content[file];
  if (contentfulConfig())
    throw new ContentError([
      `content/${file} was read outside a request's content (wrap the work in withContent, or give the function content: true)`,
    ]);
  return yamlContent()[file];
}

/**
 * Runs `work` with one snapshot of the published content (the one already in scope, if any);
 * `keepAlive` is the platform's, where a request has one.
 */
export async function withContent<T>(work: () => Promise<T>, keepAlive?: KeepAlive): Promise<T> {
  if (scope.getStore()) return work();
  const content = await publishedContent(keepAlive);
  return scope.run({ content }, work);
}

/**
 * Runs `work` (the rendering of `path`) with the drafts: Contentful's Preview API, read afresh and
 * kept nowhere. Drafts that break a schema are shown as problems, over the published content. For
 * the secretariat only: the caller checks the session, and the answer is never cached.
 */
export async function withPreviewContent<T>(path: string, work: () => Promise<T>): Promise<T> {
  let content: ContentSnapshot;
  let problems: readonly string[] = [];
  try {
    const config = contentfulPreviewConfig();
    // Without Contentful there are no drafts: the YAML is what would be published.
    content = config ? await contentfulContent(config, yamlContent()) : yamlContent();
  } catch (error) {
    // Never the published content passed off as the drafts: the page says why it shows it.
    problems =
      error instanceof ContentError
        ? error.problems
        : [`The drafts could not be read: ${error instanceof Error ? error.message : String(error)}`];
    content = await publishedContent();
  }
  return scope.run({ content, preview: { path, problems } }, work);
}

/** Reads and checks all the content, so a broken file or entry stops the build before anything is rendered. */
export async function checkAllContent(): Promise<void> {
  await publishedContent();
}

/** Which source the content comes from, for the build's log. */
export function contentSourceName(): string {
  const config = contentfulConfig();
  return config ? `Contentful space ${config.space} (${config.environment})` : "content/*.yaml";
}

/** Forgets the readings kept in this process (tests). */
export function forgetContent(): void {
  runtime = undefined;
  delete buildHolder[BUILD_READING];
}
