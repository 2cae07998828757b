import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { localNews, parseNewsFile } from "./local-news.server.ts";

const file = (front: string, body = "Body text.") => `---\n${front}\n---\n${body}\n`;

describe("parseNewsFile", () => {
  it("reads front matter and body, serving media under /news-media/", () => {
    const item = parseNewsFile(
      "call-for-papers",
      file(
        "title: Call for papers\ndate: 2026-03-14T10:30:00+05:30\nimage: media/a.svg\nimageAlt: A field\nattachment: media/call.pdf\nurl: https://example.org/",
        "First paragraph.\n\nSecond paragraph.",
      ),
    );
    expect(item).toEqual({
      slug: "call-for-papers",
      title: "Call for papers",
      description: "First paragraph.\n\nSecond paragraph.",
      date: "2026-03-14T05:00:00.000Z",
      image: { url: "/news-media/a.svg", alt: "A field" },
      attachment: { url: "/news-media/call.pdf", fileName: "call.pdf" },
      url: "https://example.org/",
    });
  });

  it("applies the defaults to an empty item", () => {
    expect(parseNewsFile("bare", "---\n{}\n---\n")).toMatchObject({
      title: "Untitled",
      description: "No description available",
      date: null,
      image: null,
    });
  });

  it("names the file and field of a bad front matter", () => {
    expect(() => parseNewsFile("x", file("image: ../secret.svg\nimageAlt: x"))).toThrow(
      /content\/news\/x\.md: image/,
    );
    expect(() => parseNewsFile("y", file("image: media/a.svg"))).toThrow(/content\/news\/y\.md: imageAlt/);
    expect(() => parseNewsFile("z", "no front matter")).toThrow(/content\/news\/z\.md: no front matter/);
  });
});

describe("localNews", () => {
  it("pages the files newest first, undated last", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "news-"));
    for (let day = 1; day <= 10; day++) {
      await writeFile(
        path.join(dir, `day-${day}.md`),
        file(`title: Day ${day}\ndate: 2026-01-${String(day).padStart(2, "0")}T09:00:00+05:30`),
      );
    }
    await writeFile(path.join(dir, "undated.md"), file("title: Undated"));
    const news = localNews(dir);
    const first = await news.page(1);
    expect(first.items.map((item) => item.slug)).toEqual([
      "day-10",
      "day-9",
      "day-8",
      "day-7",
      "day-6",
      "day-5",
      "day-4",
      "day-3",
      "day-2",
    ]);
    expect(first.hasMore).toBe(true);
    expect(await news.page(2)).toMatchObject({
      page: 2,
      hasMore: false,
      items: [{ slug: "day-1" }, { slug: "undated" }],
    });
    expect(await news.item("day-3")).toMatchObject({ title: "Day 3" });
    expect(await news.item("nope")).toBeNull();
  });
});
