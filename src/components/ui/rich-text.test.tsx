import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { richTextFromParagraphs } from "#shared/rich-text.ts";
import type { RichTextDocument } from "#shared/schemas/rich-text.ts";
import { RichText } from "./rich-text.tsx";

const text = (value: string, marks: ("bold" | "italic")[] = []) => ({
  nodeType: "text" as const,
  value,
  marks: marks.map((type) => ({ type })),
  data: {},
});

describe("a long text", () => {
  it("shows the YAML's paragraphs and items as paragraphs and a list of plain items", () => {
    const { container } = render(
      <RichText document={richTextFromParagraphs(["First.", "Second."], ["One item.", "Another."])} />,
    );
    expect([...container.querySelectorAll(":scope > p")].map((p) => p.textContent)).toEqual([
      "First.",
      "Second.",
    ]);
    expect(container.querySelector("ul")?.innerHTML).toBe("<li>One item.</li><li>Another.</li>");
  });

  it("shows what the editor makes: headings, links, bold and italic, a list item of two paragraphs", () => {
    const document = {
      nodeType: "document",
      data: {},
      content: [
        { nodeType: "heading-3", data: {}, content: [text("Fees")] },
        {
          nodeType: "paragraph",
          data: {},
          content: [
            text("Read ", ["italic"]),
            { nodeType: "hyperlink", data: { uri: "/rules#fees" }, content: [text("the rules")] },
            text(" first.", ["bold"]),
          ],
        },
        {
          nodeType: "ordered-list",
          data: {},
          content: [
            {
              nodeType: "list-item",
              data: {},
              content: [
                { nodeType: "paragraph", data: {}, content: [text("One.")] },
                { nodeType: "paragraph", data: {}, content: [text("Two.")] },
              ],
            },
          ],
        },
      ],
    } as RichTextDocument;
    const { container } = render(<RichText document={document} />);
    expect(screen.getByRole("heading", { level: 3, name: "Fees" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "the rules" })).toHaveAttribute("href", "/rules#fees");
    expect(container.querySelector("i")).toHaveTextContent("Read");
    expect(container.querySelector("b")).toHaveTextContent("first.");
    expect(container.querySelectorAll("ol > li > p")).toHaveLength(2);
  });
});
