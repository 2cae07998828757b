import ICAL from "ical.js";
import { beforeAll, describe, expect, it, vi } from "vitest";
import events from "../../netlify/functions/events.ts";
import { localEvents } from "../../src/server/events/local-events.server.ts";
import { startBlobsServer } from "../support/blobs.ts";
import { functionContext } from "../support/function-context.ts";

startBlobsServer();
beforeAll(() => {
  vi.stubEnv("CONTENTFUL_SPACE_ID", "");
  vi.stubEnv("CONTENTFUL_ACCESS_TOKEN", "");
});

const get = (path: string, params: Record<string, string> = {}) =>
  events(new Request(`https://isgpb.example.org${path}`), functionContext(params));

describe("GET /events.ics", () => {
  it("is a calendar with every event of content/events/", async () => {
    const response = await get("/events.ics");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const calendar = new ICAL.Component(ICAL.parse(await response.text()));
    const titles = calendar
      .getAllSubcomponents("vevent")
      .map((event) => event.getFirstPropertyValue("summary"));
    expect(titles.sort()).toEqual((await localEvents().all()).map((event) => event.title).sort());
  });
});

describe("GET /events/:slug.ics", () => {
  it("is one event's calendar file, offered as a download", async () => {
    const [first] = await localEvents().all();
    const response = await get(`/events/${first?.slug}.ics`, { slug: first?.slug ?? "" });
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${first?.slug}.ics"`);
    const calendar = new ICAL.Component(ICAL.parse(await response.text()));
    expect(
      calendar.getAllSubcomponents("vevent").map((event) => event.getFirstPropertyValue("summary")),
    ).toEqual([first?.title]);
  });

  it("answers 404 for an unknown or malformed slug", async () => {
    expect((await get("/events/no-such-event.ics", { slug: "no-such-event" })).status).toBe(404);
    expect((await get("/events/%3Cscript%3E.ics", { slug: "<script>" })).status).toBe(404);
  });
});
