import { describe, expect, it } from "vitest";
import { richTextFromParagraphs, richTextToPlainText } from "./rich-text.ts";
import { richTextSchema } from "./schemas/rich-text.ts";

const text = (value: string, marks: string[] = []) => ({
  nodeType: "text",
  value,
  marks: marks.map((type) => ({ type })),
  data: {},
});
const paragraph = (...content: unknown[]) => ({ nodeType: "paragraph", data: {}, content });
const documentOf = (...content: unknown[]) => ({ nodeType: "document", data: {}, content });

describe("Rich Text documents", () => {
  it("turns paragraphs and items into the document Contentful holds for them", () => {
    expect(richTextFromParagraphs(["One.", "Two."], ["First item."])).toEqual(
      documentOf(paragraph(text("One.")), paragraph(text("Two.")), {
        nodeType: "unordered-list",
        data: {},
        content: [{ nodeType: "list-item", data: {}, content: [paragraph(text("First item."))] }],
      }),
    );
  });

  it("accepts what the editor can make: headings, lists, links, bold and italic", () => {
    const document = documentOf(
      { nodeType: "heading-3", data: {}, content: [text("Fees")] },
      paragraph(
        text("See the ", ["italic"]),
        {
          nodeType: "hyperlink",
          data: { uri: "https://www.isgpb.org/journal/" },
          content: [text("journal")],
        },
        text(" and ", ["bold"]),
        { nodeType: "hyperlink", data: { uri: "/rules#fees" }, content: [text("the rules")] },
      ),
      {
        nodeType: "ordered-list",
        data: {},
        content: [
          {
            nodeType: "list-item",
            data: {},
            content: [
              paragraph(text("Outer")),
              {
                nodeType: "unordered-list",
                data: {},
                content: [{ nodeType: "list-item", data: {}, content: [paragraph(text("Inner"))] }],
              },
            ],
          },
        ],
      },
    );
    expect(richTextSchema.parse(document)).toEqual(document);
    expect(richTextToPlainText(richTextSchema.parse(document))).toBe(
      "Fees\nSee the journal and the rules\nOuter\nInner",
    );
  });

  it.each([
    ["an embedded entry", documentOf({ nodeType: "embedded-entry-block", data: {}, content: [] })],
    ["an underline mark", documentOf(paragraph(text("x", ["underline"])))],
    [
      "a javascript: link",
      documentOf(
        paragraph({ nodeType: "hyperlink", data: { uri: "javascript:alert(1)" }, content: [text("x")] }),
      ),
    ],
    [
      "a list item outside a list",
      documentOf({ nodeType: "list-item", data: {}, content: [paragraph(text("x"))] }),
    ],
    ["text straight in the document", documentOf(text("x"))],
    ["no words at all", documentOf(paragraph(text("  ")))],
    ["a plain string", "Just text"],
  ])("refuses %s", (_name, value) => {
    expect(richTextSchema.safeParse(value).success).toBe(false);
  });
});
