import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { NewsItem } from "#shared/schemas/news.ts";
import { preferReducedMotion } from "#tests/support/reduced-motion.ts";
import { renderAt } from "#tests/support/render-route.tsx";
import { TICKER_INTERVAL_MS } from "./motion.ts";
import { NewsTicker } from "./news-ticker.tsx";

const item = (n: number, url: string | null = `https://example.org/${n}`): NewsItem => ({
  slug: `item-${n}`,
  title: `Item ${n}`,
  description: "About it",
  date: "2026-03-14T05:00:00.000Z",
  image: null,
  attachment: null,
  url,
});
const items = [item(1), item(2, null), item(3)];
const link = () => screen.getByRole("link");
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("NewsTicker", () => {
  it("says 'Loading slides...' until the news arrives", () => {
    renderAt(<NewsTicker items={null} />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading slides...");
    expect(screen.queryByRole("link")).toBeNull();
    wait(10_000);
    expect(screen.getByRole("status")).toHaveTextContent("Loading slides...");
  });

  it("shows the first item as a link to its own news page, in the same tab", () => {
    renderAt(<NewsTicker items={items} />);
    expect(link()).toHaveAccessibleName("Item 1");
    expect(link()).toHaveAttribute("href", "/news/item-1");
    expect(link()).not.toHaveAttribute("target");
  });

  it("rotates every 4000 ms, each item leading to its own page whether or not it has a url", () => {
    renderAt(<NewsTicker items={items} />);
    expect(TICKER_INTERVAL_MS).toBe(4000);
    wait(3999);
    expect(link()).toHaveTextContent("Item 1");
    wait(1);
    expect(link()).toHaveTextContent("Item 2");
    expect(link()).toHaveAttribute("href", "/news/item-2");
    wait(8000);
    expect(link()).toHaveTextContent("Item 1");
  });

  it("pauses and plays", () => {
    renderAt(<NewsTicker items={items} />);
    fireEvent.click(screen.getByRole("button", { name: "Pause news" }));
    wait(12_000);
    expect(link()).toHaveTextContent("Item 1");
    fireEvent.click(screen.getByRole("button", { name: "Play news" }));
    wait(4000);
    expect(link()).toHaveTextContent("Item 2");
  });

  it("holds still while the pointer is over the strip, and goes on when it leaves (issue 54, item 7)", () => {
    renderAt(<NewsTicker items={items} />);
    const strip = screen.getByRole("region", { name: "Latest news" });
    fireEvent.pointerEnter(link());
    wait(10_000);
    expect(link()).toHaveTextContent("Item 1");
    fireEvent.pointerLeave(strip);
    wait(4000);
    expect(link()).toHaveTextContent("Item 2");
  });

  it("holds still while a headline or the Pause button has keyboard focus, and keeps that focus", () => {
    renderAt(<NewsTicker items={items} />);
    act(() => link().focus());
    wait(10_000);
    expect(link()).toHaveTextContent("Item 1");
    expect(link()).toHaveFocus();
    act(() => screen.getByRole("button", { name: "Pause news" }).focus());
    wait(10_000);
    expect(link()).toHaveTextContent("Item 1");
    act(() => screen.getByRole("button", { name: "Pause news" }).blur());
    wait(4000);
    expect(link()).toHaveTextContent("Item 2");
  });

  it("holds a single item still, with no Pause", () => {
    renderAt(<NewsTicker items={[item(1)]} />);
    wait(10_000);
    expect(link()).toHaveTextContent("Item 1");
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("does not rotate under reduced motion", () => {
    preferReducedMotion();
    renderAt(<NewsTicker items={items} />);
    wait(20_000);
    expect(link()).toHaveTextContent("Item 1");
    expect(screen.queryByRole("button")).toBeNull();
  });
});
