import { Link } from "react-router";
import { FEES_PREVIEW, PREVIEW_PATH, previewFramePath, previewOf } from "#shared/secretariat-paths.ts";
import { WorkspacePage } from "./workspace-frame.tsx";

/** The pages whose content the secretariat edits in Contentful, to preview in one click. */
const PAGES: [path: string, label: string][] = [
  ["/", "Home"],
  ["/about-us", "About"],
  ["/rules", "Rules"],
  ["/office-bearers", "Office bearers"],
  ["/executive-council", "Executive Council"],
  ["/editorial-board", "Editorial Board"],
  ["/awards", "Awards"],
  ["/congress", "Congress"],
  ["/contact-us", "Contact"],
  ["/sign-up", "Membership"],
  // No public page lists the fees: an Ordinary application's receipt states this year's.
  [FEES_PREVIEW, "Fees (an application's receipt)"],
];

type Props = {
  path: string;
  /** What in the drafts would stop the build (the page shows the published content instead). */
  problems: string[];
  /** Whether there are drafts at all: Contentful is configured. */
  drafts: boolean;
};

/**
 * A public page as it will look once the drafts in Contentful are published, in a sandboxed frame
 * of its own answer (nothing in it runs), with what in the drafts would stop the build.
 */
export function PreviewPage({ path, problems, drafts }: Props) {
  return (
    <WorkspacePage title="Preview with the drafts">
      <p>
        {drafts
          ? "The page below is as it will look once the drafts in Contentful are published. Only the secretariat sees it; nothing is published until you press Publish in Contentful, and the site shows it a few minutes later."
          : "Contentful is not configured: the page below is the site's own content (content/), which has no drafts."}
      </p>
      {problems.length > 0 && (
        <section className="ws-card" role="alert" aria-labelledby="preview-problems">
          <h2 id="preview-problems">These drafts would stop the site's build</h2>
          <p>Fix them before publishing. Meanwhile the page below shows the published content.</p>
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </section>
      )}
      <form method="get" action={PREVIEW_PATH}>
        <label htmlFor="preview-path">Page to preview (its path on the site)</label>{" "}
        <input id="preview-path" name="path" defaultValue={path} required />{" "}
        <button type="submit">Preview</button>
      </form>
      <nav aria-label="Pages to preview">
        <ul className="ws-inline-list">
          {PAGES.map(([page, label]) => (
            <li key={page}>
              <Link to={previewOf(page)} aria-current={page === path ? "page" : undefined}>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <iframe
        className="ws-preview-frame"
        src={previewFramePath(path)}
        sandbox=""
        title={`${path}: the page with the drafts`}
      />
      <p className="ws-muted">Links inside the preview do not work: choose another page above.</p>
    </WorkspacePage>
  );
}
