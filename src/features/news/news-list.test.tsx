import { act, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { NewsItem, NewsPage } from "#shared/schemas/news.ts";
import { renderAt } from "#tests/support/render-route.tsx";
import { NewsCard } from "./news-card.tsx";
import { NewsList } from "./news-list.tsx";

const item = (n: number, extra: Partial<NewsItem> = {}): NewsItem => ({
  slug: `item-${n}`,
  title: `Item ${n}`,
  description: `About ${n}`,
  date: "2026-03-14T05:00:00.000Z",
  image: null,
  attachment: null,
  url: null,
  ...extra,
});
const page = (n: number, hasMore: boolean): NewsPage => ({
  items: Array.from({ length: 9 }, (_, i) => item((n - 1) * 9 + i)),
  page: n,
  hasMore,
});

/** Where the end of the list is, in px from the top of the window (jsdom lays nothing out). */
let listEnd = 10_000;
beforeEach(() => {
  listEnd = 10_000;
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(
    () => ({ top: listEnd, bottom: listEnd }) as DOMRect,
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The reader scrolls so that the end of the list is `top` px from the top of the window. */
const scrollTo = (top: number) =>
  act(async () => {
    listEnd = top;
    window.dispatchEvent(new Event("scroll"));
    await new Promise((resolve) => requestAnimationFrame(resolve));
  });

describe("NewsCard", () => {
  it("shows 'No Image Available' without an image, and the date and time", () => {
    renderAt(<NewsCard item={item(1)} />);
    expect(screen.getByText("No Image Available")).toBeInTheDocument();
    expect(screen.getByText("14 March 2026")).toBeInTheDocument();
    expect(screen.getByText("10:30 am")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Item 1" })).toHaveAttribute("href", "/news/item-1");
    expect(screen.queryByText(/Download Attachment/)).toBeNull();
  });

  it("links the image to the item and offers the attachment", () => {
    renderAt(
      <NewsCard
        item={item(2, {
          image: { url: "/news-media/a.svg", alt: "" },
          attachment: { url: "/news-media/notice.pdf", fileName: "notice.pdf" },
          date: null,
        })}
      />,
    );
    expect(document.querySelector('a[href="/news/item-2"] img')).not.toBeNull();
    expect(screen.getByRole("link", { name: /Download Attachment/ })).toHaveAttribute(
      "href",
      "/news-media/notice.pdf",
    );
    expect(screen.getByText("No date available")).toBeInTheDocument();
  });
});

describe("NewsList", () => {
  it("appends the next page when the reader comes within 100 px of the end of the list", async () => {
    let answer: (value: Response) => void = () => {};
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal("fetch", fetch);
    renderAt(<NewsList first={page(1, true)} />);
    expect(screen.getAllByRole("article")).toHaveLength(9);
    await scrollTo(window.innerHeight + 101);
    expect(fetch).not.toHaveBeenCalled();
    await scrollTo(window.innerHeight + 100);
    expect(fetch).toHaveBeenCalledWith("/api/news?page=2", expect.anything());
    expect(screen.getByRole("status")).toHaveTextContent("Loading more items...");
    await act(async () => answer(Response.json(page(2, false))));
    expect(screen.getAllByRole("article")).toHaveLength(18);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("loads the next page when the reader has jumped past the end of the list, to a footer taller than the window", async () => {
    const fetch = vi.fn(async () => Response.json(page(2, false)));
    vi.stubGlobal("fetch", fetch);
    renderAt(<NewsList first={page(1, true)} />);
    // The end of the list is now above the window: never "in view", yet the reader is past it.
    await scrollTo(-900);
    expect(fetch).toHaveBeenCalledWith("/api/news?page=2", expect.anything());
    expect(screen.getAllByRole("article")).toHaveLength(18);
  });

  it("the Load more button does the same", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json(page(2, true))),
    );
    const { user } = renderAt(<NewsList first={page(1, true)} />);
    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(screen.getAllByRole("article")).toHaveLength(18);
    expect(screen.getByRole("button", { name: "Load more" })).toBeInTheDocument();
  });

  it("says 'Failed to load news items.' in an alert when a page fails", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}", { status: 500 })),
    );
    const { user } = renderAt(<NewsList first={page(1, true)} />);
    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to load news items.");
    expect(screen.getAllByRole("article")).toHaveLength(9);
  });

  it("renders Load more as a plain link to the next page until hydrated", () => {
    const html = renderToString(
      <MemoryRouter>
        <NewsList first={page(2, true)} />
      </MemoryRouter>,
    );
    expect(html).toMatch(/<a class="button" href="\/news-events\/page\/3">Load more<\/a>/);
    expect(html).not.toContain("<button");
  });

  it("links to the other pages for readers without JavaScript", () => {
    renderAt(<NewsList first={page(2, true)} />);
    const pager = screen.getByRole("navigation", { name: "News pages" });
    expect(within(pager).getByRole("link", { name: "Newer news" })).toHaveAttribute("href", "/news-events");
    expect(within(pager).getByRole("link", { name: "Older news" })).toHaveAttribute(
      "href",
      "/news-events/page/3",
    );
  });

  it("still says there is no news yet on an empty first page", () => {
    renderAt(<NewsList first={{ items: [], page: 1, hasMore: false }} />);
    expect(screen.getByText("There is no news yet.")).toBeInTheDocument();
  });
});
