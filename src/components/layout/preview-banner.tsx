/**
 * The top of a page in the secretariat's preview: what it is, that no one else sees it, and what
 * in the drafts would stop the build. Rendered on the server only (the preview has no scripts), so
 * it is styled by global.css (`.preview-banner`) and its form is a plain GET.
 */
export default function PreviewBanner({ path, problems }: { path: string; problems: readonly string[] }) {
  return (
    <aside className="preview-banner" aria-labelledby="preview-title">
      <p>
        <strong id="preview-title">Preview with the drafts</strong>: {path} as it will look once the drafts in
        Contentful are published. Only you see this page; nothing is published until you press Publish in
        Contentful. Links lead to the published site.
      </p>
      {problems.length > 0 ? (
        <div role="alert">
          <p>
            The drafts cannot be published as they are: the site's build would stop on{" "}
            {problems.length === 1 ? "this" : "these"}. This page shows the published content meanwhile.
          </p>
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <form method="get" action="/secretariat/preview">
        <label htmlFor="preview-path">Preview another page</label>{" "}
        <input id="preview-path" name="path" defaultValue={path} required />{" "}
        <button type="submit" className="button">
          Preview
        </button>{" "}
        <a href="/secretariat">Back to the workspace</a>
      </form>
    </aside>
  );
}
