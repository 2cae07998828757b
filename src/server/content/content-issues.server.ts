/**
 * A schema's problems in words an editor can act on, whichever source the content came from:
 * where (the path inside the file or entry) and what is wrong. The YAML's reader prefixes the file
 * (page-content.server.ts); Contentful's names the entry and field (entry-origins.server.ts).
 */
import type { z } from "#shared/zod.ts";

export type Issue = z.core.$ZodIssue;

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

/** A problem: where it is (dot-separated, "" for the whole), what is wrong, and its full path. */
export type Problem = { path: string; message: string; at: readonly PropertyKey[] };

export function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

/**
 * An alternative of a union that was not meant: the value is of another kind altogether (a list
 * where a Rich Text document would be, the YAML's form of a text beside Contentful's), or a Rich
 * Text node of another type.
 */
const notMeant = (branch: readonly Issue[]) =>
  branch.some(
    (inner) => (inner.code === "invalid_type" && inner.path.length === 0) || inner.path[0] === "nodeType",
  );

/**
 * A union's problem as the problems of the alternative that was meant: a long text given as
 * paragraphs is the paragraphs' problem, a Rich Text paragraph with a bad mark a paragraph's. When
 * no one alternative is meant, a Rich Text node's type is itself the problem.
 */
export function resolveUnions(root: unknown, issue: Issue): Issue[] {
  if (issue.code !== "invalid_union" || issue.errors.length === 0) return [issue];
  const meant = issue.errors.filter((branch) => !notMeant(branch));
  if (meant.length === 1 && meant[0])
    return meant[0].flatMap((inner) =>
      resolveUnions(root, { ...inner, path: [...issue.path, ...inner.path] } as Issue),
    );
  const nodeType = valueAt(root, [...issue.path, "nodeType"]);
  if (typeof nodeType === "string")
    return [{ ...issue, message: `"${nodeType}" is not allowed here` } as Issue];
  return [issue];
}

/** One problem per issue, unions resolved. */
export function describeIssues(root: unknown, issues: readonly Issue[]): Problem[] {
  return issues
    .flatMap((found) => resolveUnions(root, found))
    .map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message, at: issue.path }));
}
