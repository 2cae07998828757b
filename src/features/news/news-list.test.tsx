import { act, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider, useFetcher } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clientLoader, shouldRevalidate } from "#app/routes/news-events.tsx";
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

  it("asks Contentful's Images API for its image at the card's widths, AVIF or WebP, its size set", () => {
    const url = "https://images.ctfassets.net/space/asset/hash/notice.jpg";
    renderAt(<NewsCard item={item(3, { image: { url, alt: "", width: 1200, height: 675 } })} />);
    const source = document.querySelector('picture source[type="image/avif"]');
    const img = document.querySelector("picture img");
    expect(source?.getAttribute("srcset")).toContain(`${url}?fm=avif&w=480&q=75 480w`);
    expect(img?.getAttribute("srcset")).toContain(`${url}?fm=webp&w=1200&q=75 1200w`);
    expect(img?.getAttribute("sizes")).toBe("(min-width: 64em) 23rem, (min-width: 40em) 50vw, 100vw");
    expect([img?.getAttribute("width"), img?.getAttribute("height")]).toEqual(["1200", "675"]);
    // A site path is not resized: a plain image, as it was.
    renderAt(<NewsCard item={item(4, { image: { url: "/news-media/a.svg", alt: "" } })} />);
    expect(document.querySelector('a[href="/news/item-4"] picture')).toBeNull();
  });
});

/**
 * The list on /news-events, with the next pages' route as the site has it: its clientLoader (the
 * real one) over `serverLoader`, which stands for the framework's read of the prerendered page data;
 * `Footer` below the list, whose forms post to /newsletter.
 */
function renderList(
  first: NewsPage,
  serverLoader: (url: URL) => Promise<unknown>,
  Footer: () => ReactNode = () => null,
) {
  const reads: string[] = [];
  const rendered = renderAt(
    [
      {
        path: "news-events",
        Component: () => (
          <>
            <NewsList first={first} />
            <Footer />
          </>
        ),
      },
      { path: "newsletter", action: () => ({ ok: true }) },
      {
        path: "news-events/page/:page",
        shouldRevalidate,
        loader: ({ request, params }) => {
          const url = new URL(request.url);
          reads.push(`${url.pathname}${url.search}`);
          return clientLoader({
            request,
            params,
            serverLoader: () => serverLoader(url),
          } as unknown as Parameters<typeof clientLoader>[0]);
        },
      },
    ],
    "/news-events",
  );
  return { ...rendered, reads };
}

describe("NewsList", () => {
  it("appends the next page when the reader comes within 100 px of the end of the list", async () => {
    let answer: (value: { page: NewsPage }) => void = () => {};
    const { reads } = renderList(page(1, true), () => new Promise((resolve) => (answer = resolve)));
    expect(screen.getAllByRole("article")).toHaveLength(9);
    await scrollTo(window.innerHeight + 101);
    expect(reads).toEqual([]);
    await scrollTo(window.innerHeight + 100);
    expect(reads).toEqual(["/news-events/page/2?more"]);
    expect(screen.getByRole("status")).toHaveTextContent("Loading more items...");
    await act(async () => answer({ page: page(2, false) }));
    expect(screen.getAllByRole("article")).toHaveLength(18);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("loads the next page when the reader has jumped past the end of the list, to a footer taller than the window", async () => {
    const { reads } = renderList(page(1, true), async () => ({ page: page(2, false) }));
    // The end of the list is now above the window: never "in view", yet the reader is past it.
    await scrollTo(-900);
    expect(reads).toEqual(["/news-events/page/2?more"]);
    expect(await screen.findAllByRole("article")).toHaveLength(18);
  });

  it("the Load more button does the same, page after page", async () => {
    const { user, reads } = renderList(page(1, true), async (url) => ({
      page: page(Number(url.pathname.split("/").pop()), true),
    }));
    await user.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(18));
    await user.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(27));
    expect(reads).toEqual(["/news-events/page/2?more", "/news-events/page/3?more"]);
    expect(screen.getByRole("button", { name: "Load more" })).toBeInTheDocument();
  });

  it("reads no appended page again after another form's post: the list, and Load more, stay as they are", async () => {
    let reachable = true;
    const { user, reads } = renderList(
      page(1, true),
      async (url) => {
        if (!reachable) throw new Error("offline");
        return { page: page(Number(url.pathname.split("/").pop()), true) };
      },
      // The footer's newsletter box: a fetcher's post, after which the router would read every
      // fetcher's page again unless the route says its data does not change.
      () => {
        const box = useFetcher();
        return (
          <box.Form method="post" action="/newsletter">
            <button type="submit">Subscribe</button>
          </box.Form>
        );
      },
    );
    await user.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(18));
    // Were page 2 read again now, it would fail, and the list would say a load failed.
    reachable = false;
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Subscribe" })).toBeEnabled());
    expect(reads).toEqual(["/news-events/page/2?more"]);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByText("Loading more items...")).toBeNull();
    const titles = screen
      .getAllByRole("article")
      .map((article) => within(article).getByRole("link").textContent);
    expect(titles).toEqual(Array.from({ length: 18 }, (_, n) => `Item ${n}`));
    // The next page is still the one after it.
    reachable = true;
    await user.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(27));
    expect(reads.at(-1)).toBe("/news-events/page/3?more");
  });

  it("says 'Failed to load news items.' in an alert when a page fails, and the page stays", async () => {
    let fail = true;
    const { user } = renderList(page(1, true), async () => {
      if (fail) throw new Error("500");
      return { page: page(2, false) };
    });
    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to load news items.");
    expect(screen.getAllByRole("article")).toHaveLength(9);
    // Load more is offered again, and a second try that works appends the page.
    fail = false;
    await user.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(18));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("renders Load more as a plain link to the next page until hydrated", () => {
    const router = createMemoryRouter([{ path: "*", Component: () => <NewsList first={page(2, true)} /> }]);
    const html = renderToString(<RouterProvider router={router} />);
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
