import { readFileSync } from "node:fs";
import path from "node:path";
import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { SocietyEvent } from "#shared/schemas/events.ts";
import { eventMeta, withOffset } from "./event-article.tsx";
import { EventList } from "./event-list.tsx";

const event = (slug: string, start: string, end: string): SocietyEvent => ({
  slug,
  title: slug,
  kind: "workshop",
  allDay: false,
  start: start.slice(0, 16),
  end: end.slice(0, 16),
  timeZone: "UTC",
  startsAt: `${start}:00.000Z`,
  endsAt: `${end}:00.000Z`,
  venue: "V",
  onlineUrl: null,
  description: "D",
  registrationUrl: null,
  attachment: null,
});
const events = [
  event("later", "2031-05-01T10:00", "2031-05-01T11:00"),
  event("soon", "2031-03-01T10:00", "2031-03-01T11:00"),
  event("old", "2029-06-01T10:00", "2029-06-01T11:00"),
  event("recent", "2030-12-01T10:00", "2030-12-01T11:00"),
  event("earlier-that-year", "2030-02-01T10:00", "2030-02-01T11:00"),
];

function renderList(now: string, clock?: () => Date) {
  const router = createMemoryRouter([
    { path: "*", element: <EventList events={events} now={now} clock={clock} /> },
  ]);
  return render(<RouterProvider router={router} />);
}

describe("EventList", () => {
  it("shows upcoming events soonest first, then past ones by year, newest first", () => {
    const clock = () => new Date("2031-01-01T00:00:00Z");
    renderList("2031-01-01T00:00:00Z", clock);
    const upcoming = screen.getByRole("region", { name: "Upcoming events" });
    expect(
      within(upcoming)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(["soon", "later"]);
    const past = screen.getByRole("region", { name: "Past events" });
    expect(
      within(past)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(["2030", "2029"]);
    expect(
      within(past)
        .getAllByRole("heading", { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(["recent", "earlier-that-year", "old"]);
  });

  it("moves events to the past by the visitor's clock once running, whatever the HTML was built with", () => {
    renderList("2020-01-01T00:00:00Z", () => new Date("2031-04-01T00:00:00Z"));
    const upcoming = screen.getByRole("region", { name: "Upcoming events" });
    expect(
      within(upcoming)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(["later"]);
  });
});

describe("event structured data", () => {
  it("writes schema.org Event times with the zone's offset", () => {
    expect(withOffset("2026-12-04T15:00", "2026-12-04T09:30:00.000Z")).toBe("2026-12-04T15:00:00+05:30");
    const meta = eventMeta(
      { ...events[0], onlineUrl: "https://meet.example.org/x" } as SocietyEvent,
      "https://x.org",
      "S",
    );
    expect(meta.jsonLd).toMatchObject({
      "@type": "Event",
      eventAttendanceMode: "https://schema.org/MixedEventAttendanceMode",
      url: "https://x.org/events/later",
    });
  });
});

describe("an event's title", () => {
  it("has one style upcoming and past: its class sets every part a heading's level would (issue 33, item 14)", () => {
    renderList("2031-01-01T00:00:00Z", () => new Date("2031-01-01T00:00:00Z"));
    const upcoming = within(screen.getByRole("region", { name: "Upcoming events" })).getAllByRole("heading", {
      level: 3,
    });
    const past = within(screen.getByRole("region", { name: "Past events" })).getAllByRole("heading", {
      level: 4,
    });
    const classes = new Set([...upcoming, ...past].map((heading) => heading.className));
    expect(classes.size).toBe(1);
    const css = readFileSync(path.join(import.meta.dirname, "events.module.css"), "utf8");
    const rule = /(?:^|\n)\.title \{([^}]*)\}/.exec(css)?.[1] ?? "";
    for (const property of ["font-family", "font-size", "font-weight", "line-height", "color"])
      expect(rule, property).toMatch(new RegExp(`(^|\\s)${property}:`));
  });
});
