/**
 * Long texts as Rich Text documents: the shape Contentful's Rich Text fields deliver and
 * `@contentful/rich-text-react-renderer` renders. The YAML's paragraphs are converted into the same
 * shape (src/shared/rich-text.ts), so a page gets identical data from either source.
 *
 * Only the nodes and marks the society's pages need are allowed: paragraphs, two heading levels,
 * lists and links, bold and italic. The Contentful migrations enable exactly these in the editor
 * (a test compares the two), so an editor cannot make a document this schema refuses.
 */
import { BLOCKS, type Document, INLINES } from "@contentful/rich-text-types";
import { richTextFromParagraphs } from "../rich-text.ts";
import { z } from "../zod.ts";

/** Marks the editor offers; anything else is refused. */
export const RICH_TEXT_MARKS = ["bold", "italic"] as const;
/**
 * Node types the editor offers beyond the ones Contentful always allows (document, paragraph,
 * list-item, text): the values of the migrations' `enabledNodeTypes` validation.
 */
export const RICH_TEXT_NODE_TYPES = [
  BLOCKS.HEADING_3,
  BLOCKS.HEADING_4,
  BLOCKS.UL_LIST,
  BLOCKS.OL_LIST,
  INLINES.HYPERLINK,
] as const;

type NoData = Record<string, never>;
export type RichTextText = {
  nodeType: "text";
  value: string;
  marks: { type: (typeof RICH_TEXT_MARKS)[number] }[];
  data: NoData;
};
export type RichTextHyperlink = {
  nodeType: INLINES.HYPERLINK;
  data: { uri: string };
  content: RichTextText[];
};
export type RichTextInline = RichTextText | RichTextHyperlink;
export type RichTextParagraph = { nodeType: BLOCKS.PARAGRAPH; data: NoData; content: RichTextInline[] };
export type RichTextHeading = {
  nodeType: BLOCKS.HEADING_3 | BLOCKS.HEADING_4;
  data: NoData;
  content: RichTextInline[];
};
export type RichTextListItem = {
  nodeType: BLOCKS.LIST_ITEM;
  data: NoData;
  content: (RichTextParagraph | RichTextList)[];
};
export type RichTextList = {
  nodeType: BLOCKS.UL_LIST | BLOCKS.OL_LIST;
  data: NoData;
  content: RichTextListItem[];
};
export type RichTextBlock = RichTextParagraph | RichTextHeading | RichTextList;
export type RichTextDocument = { nodeType: BLOCKS.DOCUMENT; data: NoData; content: RichTextBlock[] };

// The renderer takes rich-text-types' Document: this fails to compile if ours ever stops being one.
type IsDocument<T extends Document> = T;
export type RichTextDocumentIsDocument = IsDocument<RichTextDocument>;

const noData = z.strictObject({}) as z.ZodType<NoData>;

/** A link's target: a web or mail address, a phone number, or a path on this site. */
const uri = z
  .string()
  .regex(/^(https?:\/\/\S+|mailto:\S+|tel:[+\d][\d\s-]*|\/(?!\/)\S*|#[\w-]+)$/, "must be a web address");

const text: z.ZodType<RichTextText> = z.strictObject({
  nodeType: z.literal("text"),
  value: z.string().max(20_000),
  marks: z.array(z.strictObject({ type: z.enum(RICH_TEXT_MARKS) })),
  data: noData,
});

const hyperlink: z.ZodType<RichTextHyperlink> = z.strictObject({
  nodeType: z.literal(INLINES.HYPERLINK),
  data: z.strictObject({ uri }),
  content: z.array(text).min(1),
});

const inline: z.ZodType<RichTextInline> = z.union([text, hyperlink]);

const paragraph: z.ZodType<RichTextParagraph> = z.strictObject({
  nodeType: z.literal(BLOCKS.PARAGRAPH),
  data: noData,
  content: z.array(inline),
});

const heading: z.ZodType<RichTextHeading> = z.strictObject({
  nodeType: z.union([z.literal(BLOCKS.HEADING_3), z.literal(BLOCKS.HEADING_4)]),
  data: noData,
  content: z.array(inline),
});

const list: z.ZodType<RichTextList> = z.lazy(() =>
  z.strictObject({
    nodeType: z.union([z.literal(BLOCKS.UL_LIST), z.literal(BLOCKS.OL_LIST)]),
    data: noData,
    content: z.array(listItem).min(1),
  }),
);

const listItem: z.ZodType<RichTextListItem> = z.lazy(() =>
  z.strictObject({
    nodeType: z.literal(BLOCKS.LIST_ITEM),
    data: noData,
    content: z.array(z.union([paragraph, list])).min(1),
  }),
);

/** The words of a node and everything in it. */
function words(node: { value?: string; content?: readonly unknown[] }): string {
  if (typeof node.value === "string") return node.value;
  return (node.content ?? []).map((child) => words(child as typeof node)).join(" ");
}

/** A Rich Text document with at least one word in it. */
export const richTextSchema: z.ZodType<RichTextDocument> = z
  .strictObject({
    nodeType: z.literal(BLOCKS.DOCUMENT),
    data: noData,
    content: z.array(z.union([paragraph, heading, list])),
  })
  .refine((document) => words(document).trim() !== "", "must not be empty");

/**
 * A long text: the YAML's paragraphs (a list of strings) or Contentful's Rich Text document. The
 * page always gets the document, so both sources render through the same component.
 */
export const longText = z.union([
  z
    .array(z.string().trim().min(1).max(4000))
    .min(1)
    .transform((paragraphs) => richTextFromParagraphs(paragraphs)),
  richTextSchema,
]);

/** A text of one paragraph in the YAML (a string), or Contentful's Rich Text document. */
export const shortText = z.union([
  z
    .string()
    .trim()
    .min(1)
    .max(4000)
    .transform((paragraph) => richTextFromParagraphs([paragraph])),
  richTextSchema,
]);
