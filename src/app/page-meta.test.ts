import { describe, expect, it } from "vitest";
import { routeMeta, workspaceMeta } from "./page-meta.ts";

const refusal = {
  ok: false,
  form: "issue-compose",
  message: "Please correct the highlighted fields.",
  errors: {},
};
const title = (tags: ReturnType<typeof workspaceMeta>) =>
  tags.find((tag): tag is { title: string } => "title" in tag)?.title;

describe("a page's title with a refused form", () => {
  it("a workspace page drawn again after a plain post says Error first", () => {
    const matches = [
      { id: "root", loaderData: { refused: refusal } },
      { id: "routes/x", loaderData: {} },
    ];
    expect(title(workspaceMeta({ matches }, "Newsletter"))).toBe("Error: Newsletter | ISGPB secretariat");
    expect(title(workspaceMeta({ matches: [{ id: "root", loaderData: {} }] }, "Newsletter"))).toBe(
      "Newsletter | ISGPB secretariat",
    );
  });

  it("so does a page whose own data holds a refusal (a GET form's, sent back in the address)", () => {
    const matches = [
      { id: "root", loaderData: {} },
      { id: "routes/export", loaderData: { refused: true } },
    ];
    expect(title(workspaceMeta({ matches }, "Export"))).toBe("Error: Export | ISGPB secretariat");
    expect(title(routeMeta({ matches, location: { pathname: "/x" } }, { title: "X", description: "" }))).toBe(
      "Error: X",
    );
  });
});
