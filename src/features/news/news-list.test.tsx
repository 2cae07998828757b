import { act, screen, within } from "@testing-library/react";
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

let observe: IntersectionObserverCallback | undefined;
beforeEach(() => {
  observe = undefined;
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      constructor(callback: IntersectionObserverCallback) {
        observe = callback;
      }
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

const scrolledToBottom = () =>
  act(() => {
    observe?.([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
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
  it("appends the next page when the end of the list scrolls into view", async () => {
    let answer: (value: Response) => void = () => {};
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal("fetch", fetch);
    renderAt(<NewsList first={page(1, true)} />);
    expect(screen.getAllByRole("article")).toHaveLength(9);
    await scrolledToBottom();
    expect(fetch).toHaveBeenCalledWith("/api/news?page=2", expect.anything());
    expect(screen.getByRole("status")).toHaveTextContent("Loading more items...");
    await act(async () => answer(Response.json(page(2, false))));
    expect(screen.getAllByRole("article")).toHaveLength(18);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
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

  it("links to the other pages for readers without JavaScript", () => {
    renderAt(<NewsList first={page(2, true)} />);
    const pager = screen.getByRole("navigation", { name: "News pages" });
    expect(within(pager).getByRole("link", { name: "Newer news" })).toHaveAttribute("href", "/news-events");
    expect(within(pager).getByRole("link", { name: "Older news" })).toHaveAttribute(
      "href",
      "/news-events?page=3",
    );
  });
});
