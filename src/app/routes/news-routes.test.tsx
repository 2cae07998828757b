import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { allowConsole } from "#tests/support/console.ts";
import * as detail from "./news-detail.tsx";
import * as list from "./news-events.tsx";

// A route with a loader and no HydrateFallback, rendered without prerendered data, as in the browser.
allowConsole("warn", /^No `HydrateFallback` element provided/);

function renderRoute(url: string) {
  const router = createMemoryRouter(
    [
      { path: "/news-events", loader: list.loader, Component: list.Component },
      { path: "/news/:slug", loader: detail.loader, Component: detail.Component },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
}

const never = () => new Promise<Response>(() => {});
afterEach(() => vi.unstubAllGlobals());

describe("/news-events", () => {
  it("shows 'Loading...' while the first page loads", async () => {
    vi.stubGlobal("fetch", vi.fn(never));
    renderRoute("/news-events");
    expect(await screen.findByText("Loading...")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("NEWS & EVENTS");
  });

  it("shows 'Failed to load news items.' in red when the first page fails", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}", { status: 503 })),
    );
    renderRoute("/news-events");
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to load news items.");
    expect(screen.getByRole("alert")).toHaveClass("error-text");
  });
});

describe("/news/:slug", () => {
  it("shows 'Loading...' and then the item", async () => {
    let answer: (value: Response) => void = () => {};
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderRoute("/news/a-notice");
    expect(await screen.findByText("Loading...")).toBeInTheDocument();
    answer(
      Response.json({
        slug: "a-notice",
        title: "A notice",
        description: "One.\n\nTwo.",
        date: "2026-01-02",
        image: null,
        attachment: { url: "/n.pdf", fileName: "n.pdf" },
        url: null,
      }),
    );
    expect(await screen.findByRole("heading", { level: 1, name: "A notice" })).toBeInTheDocument();
    expect(screen.getByText("2 January 2026")).toBeInTheDocument();
    expect(screen.getByText("Two.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to News" })).toHaveAttribute("href", "/news-events");
    expect(screen.getByRole("link", { name: /Download Attachment/ })).toHaveAttribute("href", "/n.pdf");
    // Without a thumbnail the page shows the default image.
    expect(document.querySelector("article img")).toHaveAttribute("src", "/images/about-field-trial.svg");
  });

  it("says 'News item not found.' for an unknown slug", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ error: "News item not found." }, { status: 404 })),
    );
    renderRoute("/news/missing");
    expect(await screen.findByRole("alert")).toHaveTextContent("News item not found.");
  });

  it("says 'Failed to load news details.' when the request fails", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}", { status: 500 })),
    );
    renderRoute("/news/broken");
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to load news details.");
  });
});
