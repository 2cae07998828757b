import { documentToReactComponents, type Options } from "@contentful/rich-text-react-renderer";
import { Children, isValidElement, type ReactNode } from "react";
import type { RichTextDocument } from "#shared/schemas/rich-text.ts";

/** A list item of one paragraph shows its words alone, as a list in the YAML always did. */
function unwrapParagraph(children: ReactNode): ReactNode {
  const [only, ...rest] = Children.toArray(children);
  if (rest.length === 0 && isValidElement<{ children?: ReactNode }>(only) && only.type === "p")
    return only.props.children;
  return children;
}

const options: Options = {
  renderNode: { "list-item": (_node, children) => <li>{unwrapParagraph(children)}</li> },
};

/**
 * A long text as a Rich Text document (src/shared/schemas/rich-text.ts): Contentful's, or the
 * YAML's paragraphs made into one, so both sources give the same page. Drawn by Contentful's own
 * renderer. Only the pages that have long texts import this, so no other page carries its script.
 */
export function RichText({ document }: { document: RichTextDocument }) {
  return <>{documentToReactComponents(document, options)}</>;
}
