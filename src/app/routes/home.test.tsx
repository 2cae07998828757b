import { screen, within } from "@testing-library/react";
import type { ComponentProps } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { scopedContent } from "#server/content/page-content.server.ts";
import type { SocietyEvent } from "#shared/schemas/events.ts";
import type { NewsItem } from "#shared/schemas/news.ts";
import type { Slide } from "#shared/schemas/slides.ts";
import { renderAt } from "#tests/support/render-route.tsx";
import Home, { loader } from "./home.tsx";

// The loader's events come from here; the rest of its sources read the embedded content.
vi.mock("#server/events/events-source.server.ts", () => ({
  eventsSource: () => ({ all: async () => eventsAroundNow() }),
}));

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

/** The home page as its loader feeds it (the prerendered page's data). */
function renderHome(data: Partial<Awaited<ReturnType<typeof loader>>> = {}) {
  const loaded = {
    slides,
    news: news.map(({ slug, title, date, url }) => ({ slug, title, date, url })),
    events: eventsAroundNow(),
    now: new Date().toISOString(),
    counters: scopedContent("site.yaml").counters,
    aims: scopedContent("about.yaml").aims.items,
    president: scopedContent("executive-council.yaml").president,
    board: scopedContent("editorial-board.yaml"),
    ...data,
  };
  const props = { loaderData: loaded } as unknown as ComponentProps<typeof Home>;
  return renderAt(<Home {...props} />, "/");
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

describe("home page", () => {
  it("shows its sections in the SPEC's order, with the slides, the news and the next events", async () => {
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
    expect(within(ticker).getByRole("link")).toHaveTextContent("Item 0");
    expect(screen.getByRole("img", { name: "Field" })).toBeInTheDocument();
    const preview = screen.getByRole("region", { name: "Recent news" });
    const newsLinks = within(preview).getAllByRole("link", { name: /^Item \d$/ });
    expect(newsLinks.map((link) => link.textContent)).toEqual(news.map((item) => item.title));
    expect(screen.getByRole("link", { name: "View More.." })).toHaveAttribute("href", "/news-events");
    // The next three events that are not over, soonest first.
    const upcoming = screen.getByRole("region", { name: "Upcoming events" });
    expect(
      within(upcoming)
        .getAllByRole("heading", { level: 4 })
        .map((heading) => heading.textContent),
    ).toEqual(["Event in 3 days", "Event in 9 days", "Event in 30 days"]);
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

  it("keeps the ticker on 'Loading slides...' and the slider empty when there is nothing to show", async () => {
    const { container } = renderHome({ slides: [], news: [] });
    await screen.findByRole("heading", { level: 1 });
    expect(screen.getByRole("region", { name: "Latest news" })).toHaveTextContent("Loading slides...");
    expect(container.querySelector("section[aria-roledescription=carousel] img")).toBeNull();
  });
});

describe("home page loader", () => {
  it("carries the events not over yet, with only what the list shows of them", async () => {
    const { events } = await loader();
    expect(events.map((event) => event.title)).toEqual([
      "Event in 9 days",
      "Event in 3 days",
      "Event in 30 days",
      "Event in 60 days",
    ]);
    for (const event of events) expect(Object.keys(event)).not.toContain("description");
  });
});
