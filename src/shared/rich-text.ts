/**
 * Building and reading Rich Text documents (src/shared/schemas/rich-text.ts) without the editor:
 * the YAML's paragraphs become the document Contentful would hold for the same text, node for
 * node, so both sources give a page identical data.
 */
import { BLOCKS } from "@contentful/rich-text-types";
import type {
  RichTextBlock,
  RichTextDocument,
  RichTextListItem,
  RichTextParagraph,
} from "./schemas/rich-text.ts";

function paragraph(value: string): RichTextParagraph {
  return {
    nodeType: BLOCKS.PARAGRAPH,
    data: {},
    content: [{ nodeType: "text", value, marks: [], data: {} }],
  };
}

function listItem(value: string): RichTextListItem {
  return { nodeType: BLOCKS.LIST_ITEM, data: {}, content: [paragraph(value)] };
}

/** One paragraph node per paragraph, then the items (when there are any) as a bulleted list. */
export function richTextFromParagraphs(
  paragraphs: readonly string[],
  items: readonly string[] = [],
): RichTextDocument {
  const content: RichTextBlock[] = paragraphs.map(paragraph);
  if (items.length > 0) content.push({ nodeType: BLOCKS.UL_LIST, data: {}, content: items.map(listItem) });
  return { nodeType: BLOCKS.DOCUMENT, data: {}, content };
}

type AnyNode = { nodeType: string; value?: string; content?: readonly AnyNode[] };

/**
 * The document's words as plain text, one line per paragraph, heading or list item: for a page's
 * meta description, the search index or an e-mail's text part.
 */
export function richTextToPlainText(document: RichTextDocument): string {
  const lines: string[] = [];
  const visit = (node: AnyNode): string => {
    if (node.nodeType === "text") return node.value ?? "";
    const inner = (node.content ?? []).map(visit);
    const isLine = node.nodeType === BLOCKS.PARAGRAPH || node.nodeType.startsWith("heading-");
    if (isLine) {
      lines.push(inner.join(""));
      return "";
    }
    return inner.join("");
  };
  visit(document);
  return lines.join("\n");
}
