import { render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SocietyEvent } from "#shared/schemas/events.ts";
import type { NewsItem } from "#shared/schemas/news.ts";
import type { Slide } from "#shared/schemas/slides.ts";
import { expectConsole } from "#tests/support/console.ts";
import { Component, handle, loader } from "./home.tsx";

const news: NewsItem[] = Array.from({ length: 9 }, (_, n) => ({
  slug: `item-${n}`,
  title: `Item ${n}`,
  description: "About it",
  date: `2026-03-${String(20 - n).padStart(2, "0")}`,
  image: null,
  attachment: null,
  url: null,
}));
const slides: Slide[] = [
  { image: "/a.webp", srcset: null, width: 1600, height: 900, alt: "Field", lightbox: null },
  { image: "/b.webp", srcset: null, width: 1600, height: 900, alt: "Seeds", lightbox: null },
];

/** Events around the real clock, so the test holds whatever day it runs: two over, four to come. */
function eventsAroundNow(): SocietyEvent[] {
  const day = 24 * 60 * 60 * 1000;
  return [-20, -2, 9, 3, 30, 60].map((offset, n) => {
    const start = new Date(Date.now() + offset * day);
    return {
      slug: `event-${n}`,
      title: `Event in ${offset} days`,
      kind: "workshop",
      allDay: false,
      start: start.toISOString().slice(0, 16),
      end: new Date(start.getTime() + 3_600_000).toISOString().slice(0, 16),
      timeZone: "UTC",
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + 3_600_000).toISOString(),
      venue: "New Delhi",
      onlineUrl: null,
      description: "About it",
      registrationUrl: null,
      attachment: null,
    };
  });
}

type Answer = { status: number; body?: unknown };
function stubApi(answers: { slides: Answer; news: Answer; events?: Answer }) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const answer = url.startsWith("/api/slides")
        ? answers.slides
        : url.startsWith("/api/events")
          ? (answers.events ?? { status: 200, body: [] })
          : answers.news;
      return new Response(JSON.stringify(answer.body ?? { error: "down" }), { status: answer.status });
    }),
  );
}

function renderHome() {
  const router = createMemoryRouter([{ path: "/", loader, Component, hydrateFallbackElement: <p>…</p> }]);
  return render(<RouterProvider router={router} />);
}

beforeEach(() => {
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("home page after a client-side navigation", () => {
  it("shows its sections in the SPEC's order and fills in slides and news as they arrive", async () => {
    stubApi({
      slides: { status: 200, body: slides },
      news: { status: 200, body: { items: news, page: 1, hasMore: true } },
      events: { status: 200, body: eventsAroundNow() },
    });
    renderHome();
    await screen.findByRole("heading", { level: 1, name: "Indian Society of Genetics and Plant Breeding" });
    expect(screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent)).toEqual([
      "Join the Society, or keep in touch",
      "Who We Are",
      "Indian Journal of Genetics and Plant Breeding",
      "Aims and Scope",
      "News & Events",
      "The journal in numbers",
    ]);
    const ticker = screen.getByRole("region", { name: "Latest news" });
    await waitFor(() => expect(within(ticker).getByRole("link")).toHaveTextContent("Item 0"));
    expect(await screen.findByRole("img", { name: "Field" })).toBeInTheDocument();
    const preview = screen.getByRole("region", { name: "Recent news" });
    const newsLinks = within(preview).getAllByRole("link", { name: /^Item \d$/ });
    expect(newsLinks.map((link) => link.textContent)).toEqual(news.map((item) => item.title));
    expect(screen.getByRole("link", { name: "View More.." })).toHaveAttribute("href", "/news-events");
    // The next three events that are not over, soonest first.
    const upcoming = screen.getByRole("region", { name: "Upcoming events" });
    await waitFor(() =>
      expect(
        within(upcoming)
          .getAllByRole("heading", { level: 4 })
          .map((heading) => heading.textContent),
      ).toEqual(["Event in 3 days", "Event in 9 days", "Event in 30 days"]),
    );
    expect(within(upcoming).getByRole("link", { name: "All events" })).toHaveAttribute("href", "/events");
    expect(screen.getByRole("link", { name: "View More Executive Board" })).toHaveAttribute(
      "href",
      "/executive-council",
    );
    expect(screen.getByRole("link", { name: "MEMBERSHIP" })).toHaveAttribute("href", "/sign-up");
    const readMore = screen
      .getAllByRole("link", { name: /READ MORE/ })
      .map((link) => link.getAttribute("href"));
    expect(readMore).toEqual(["/awards", "/about-us", "/about-us#aims"]);
  });

  it("keeps the ticker on 'Loading slides...' and the slider empty when the fetches fail", async () => {
    stubApi({ slides: { status: 500 }, news: { status: 503 }, events: { status: 503 } });
    expectConsole("warn", /^Could not load the slides: /);
    expectConsole("warn", /^Could not load the news: /);
    expectConsole("warn", /^Could not load the events: /);
    const { container } = renderHome();
    expect(await screen.findByText("Failed to load news items.")).toHaveRole("alert");
    expect(await screen.findByText("Failed to load events.")).toHaveRole("alert");
    expect(screen.getAllByRole("alert")).toHaveLength(2);
    expect(screen.getByRole("region", { name: "Latest news" })).toHaveTextContent("Loading slides...");
    expect(container.querySelector("section[aria-roledescription=carousel] img")).toBeNull();
  });
});

describe("home page meta", () => {
  it("preloads the first slide when the slides came with the page", () => {
    const meta =
      typeof handle.meta === "function"
        ? handle.meta({ search: new URLSearchParams(), data: { slides, news } })
        : handle.meta;
    expect(meta.preloadImage?.href).toBe("/a.webp");
    const pending =
      typeof handle.meta === "function"
        ? handle.meta({ search: new URLSearchParams(), data: {} })
        : handle.meta;
    expect(pending.preloadImage).toBeUndefined();
  });
});
