/**
 * Content that breaks a schema: the build stops with this, one line per problem, each naming the
 * file (YAML) or the entry (Contentful), the field and what is wrong. The last good deploy keeps
 * serving meanwhile, so nothing half-valid is ever published.
 */
export class SiteContentError extends Error {
  override name = "SiteContentError";
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(
      `The site content has ${problems.length === 1 ? "a problem" : `${problems.length} problems`}:\n${problems.join("\n")}`,
    );
    this.problems = problems;
  }
}
