import ICAL from "ical.js";
import { localEvents } from "../../src/server/events/local-events.server.ts";
import { listEvents, nextEvents } from "../../src/shared/event-listing.ts";
import { seriousAxeViolations, waitForHydration } from "./browser.ts";
import { expect, test } from "./fixtures.ts";

const events = await localEvents().all();

/** The events of a calendar file, parsed by ical.js with the file's own VTIMEZONEs. */
function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
}

test.describe("/events.ics", () => {
  test("is a calendar a real iCalendar parser reads, with every event at its right time", async ({
    site,
  }) => {
    const response = await fetch(`${site.url}/events.ics`);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const parsed = parseCalendar(await response.text());
    expect(parsed).toHaveLength(events.length);
    for (const event of events) {
      const found = parsed.find((candidate) => candidate.summary === event.title);
      expect(found?.uid).toMatch(new RegExp(`^event-${event.slug}@`));
      if (!event.allDay) expect(found?.startDate.toJSDate().toISOString()).toBe(event.startsAt);
      else expect(found?.startDate.toString()).toBe(event.start);
    }
  });
});

test.describe("/events", () => {
  test("lists the upcoming events soonest first, then the past by year, by the visitor's clock", async ({
    page,
    problems,
  }) => {
    await page.goto("/events");
    await waitForHydration(page);
    const expected = listEvents(events, new Date());
    const upcoming = page.getByRole("region", { name: "Upcoming events" }).getByRole("heading", { level: 3 });
    await expect(upcoming.allTextContents()).resolves.toEqual(expected.upcoming.map((event) => event.title));
    const years = page.getByRole("region", { name: "Past events" }).getByRole("heading", { level: 3 });
    await expect(years.allTextContents()).resolves.toEqual(expected.past.map((group) => group.year));
    expect(problems).toEqual([]);
  });

  test("is reached from the NEWS & EVENTS menu, beside NEWS", { tag: "@no-js" }, async ({ page }) => {
    await page.goto("/");
    // The submenu is folded away until opened; its links are in the HTML all the same.
    const submenu = page.locator('nav[aria-label="Main"] ul:has(> li > a[href="/news-events"]) a');
    await expect(submenu.allTextContents()).resolves.toEqual(["NEWS", "EVENTS"]);
    await expect(submenu.nth(1).getAttribute("href")).resolves.toBe("/events");
  });

  test.describe(() => {
    test.use({ viewport: { width: 360, height: 740 } });

    test("reads without JavaScript and fits 360 px", { tag: "@no-js" }, async ({ page }) => {
      await page.goto("/events");
      await expect(page.locator("main article")).toHaveCount(events.length);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    });
  });
});

test.describe("/events/{slug}", () => {
  test.describe(() => {
    test.use({ viewport: { width: 360, height: 740 } });

    test("offers its own calendar file, carries schema.org Event data, and fits 360 px", async ({
      page,
      problems,
      site,
    }) => {
      const event = events.find((candidate) => candidate.onlineUrl && candidate.venue) ?? events[0];
      await page.goto(`/events/${event?.slug}`);
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(event?.title ?? "");
      const href = await page.getByRole("link", { name: /Add to calendar/ }).getAttribute("href");
      const parsed = parseCalendar(await (await fetch(site.url + href)).text());
      expect(parsed.map((one) => one.summary)).toEqual([event?.title]);
      const jsonLd = JSON.parse(
        (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
      );
      expect(jsonLd).toMatchObject({ "@type": "Event", name: event?.title });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    });
  });

  test("the congress page links to the congress's event", { tag: "@no-js" }, async ({ page }) => {
    await page.goto("/congress");
    await page.getByRole("link", { name: /the congress in the society's events/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Second National Genetic Congress");
  });
});

test.describe("home page", () => {
  test("shows the next three upcoming events", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const shown = page.getByRole("region", { name: "Upcoming events" }).getByRole("heading", { level: 4 });
    await expect
      .poll(() => shown.allTextContents())
      .toEqual(nextEvents(events, new Date(), 3).map((event) => event.title));
  });
});
