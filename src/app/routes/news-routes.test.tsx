import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { allowConsole } from "#tests/support/console.ts";
import { renderAt } from "#tests/support/render-route.tsx";
import * as detail from "./news-detail.tsx";
import * as list from "./news-events.tsx";

// The stub renders the page once its loader has run, as the prerender does.
allowConsole("warn", /^No `HydrateFallback` element provided/);

/** The news pages under their real loaders, reading content/news/ (the embedded default). */
function renderRoute(url: string) {
  return renderAt(
    [
      { path: "/news-events", loader: list.loader, Component: list.default },
      { path: "/news-events/page/:page", loader: list.loader, Component: list.default },
      { path: "/news/:slug", loader: detail.loader, Component: detail.default },
    ] as never,
    url,
  );
}

beforeEach(() => vi.stubEnv("CONTENTFUL_SPACE_ID", ""));
afterEach(() => vi.unstubAllEnvs());

describe("/news-events", () => {
  it("shows the first page of nine, newest first, with the way to the next page", async () => {
    renderRoute("/news-events");
    expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent("NEWS & EVENTS");
    expect(screen.getAllByRole("article")).toHaveLength(9);
    expect(screen.getByRole("link", { name: "Older news" })).toHaveAttribute("href", "/news-events/page/2");
  });

  it("shows a later page at its own address, with the way back", async () => {
    renderRoute("/news-events/page/2");
    expect(await screen.findByRole("link", { name: "Newer news" })).toHaveAttribute("href", "/news-events");
  });

  it("answers a page past the last one with the not-found status", async () => {
    await expect(list.loader({ params: { page: "99" } } as never)).rejects.toMatchObject({
      init: { status: 404 },
    });
  });
});

describe("/news/:slug", () => {
  it("shows the item, its date, its paragraphs and the way back", async () => {
    renderRoute("/news/new-fellows-2026");
    expect(await screen.findByRole("heading", { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to News" })).toHaveAttribute("href", "/news-events");
  });

  it("says 'News item not found.' in red for an unknown slug, with 404", async () => {
    renderRoute("/news/no-such-item");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("News item not found.");
    expect(alert).toHaveClass("error-text");
    // A heading of its own, as every page has, which says what happened.
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("News item not found");
    expect(await detail.loader({ params: { slug: "no-such-item" } } as never)).toMatchObject({
      init: { status: 404 },
    });
  });
});
