import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import events from "../../netlify/functions/events.ts";
import { contentfulConfig, readEnv } from "../../src/server/env.server.ts";
import { contentfulEvents as contentfulEventsSource } from "../../src/server/events/contentful-events.server.ts";
import spaceFixtures from "../fixtures/contentful/space.json" with { type: "json" };
import { cdaAsset, contentfulEvents, contentfulSpace, type SpaceFixtures } from "../mocks/contentful.ts";
import { startBlobsServer } from "../support/blobs.ts";
import { functionContext } from "../support/function-context.ts";
import { setupMsw } from "../support/msw.ts";

const seen: URLSearchParams[] = [];
const msw = setupMsw(
  contentfulEvents(
    [
      {
        id: "gbm",
        fields: {
          title: "General Body meeting",
          slug: "gbm-2026",
          kind: "general-body-meeting",
          // The editor's "timezone" option: an offset time, read in the event's zone.
          start: "2026-12-04T15:00+05:30",
          end: "2026-12-04T18:00+05:30",
          venue: "New Delhi",
          description: "The annual meeting.",
        },
        attachment: "notice",
      },
      {
        id: "congress",
        fields: {
          title: "Congress",
          slug: "congress",
          kind: "congress",
          start: "2027-02-17",
          end: "2027-02-19",
          venue: "Ludhiana",
          description: "Three days.",
        },
      },
    ],
    [cdaAsset("notice", "notice.pdf", "application/pdf")],
    seen,
    "societyEvent",
  ),
  // The society's facts that name the calendar, from the site's content in the same space.
  contentfulSpace(spaceFixtures as SpaceFixtures),
);
startBlobsServer();

beforeAll(() => {
  vi.stubEnv("CONTENTFUL_SPACE_ID", "space");
  vi.stubEnv("CONTENTFUL_ACCESS_TOKEN", "token");
  vi.stubEnv("CONTENTFUL_EVENTS_CONTENT_TYPE", "societyEvent");
  vi.stubEnv("CONTENTFUL_RETRY_LIMIT", "0");
});
afterAll(() => vi.unstubAllEnvs());

describe("events from Contentful", () => {
  it("asks for the content type the setting names and serves its entries in the feed", async () => {
    const response = await events(new Request("https://isgpb.example.org/events.ics"), functionContext());
    expect(seen.at(-1)?.get("content_type")).toBe("societyEvent");
    const calendar = new ICAL.Component(ICAL.parse(await response.text()));
    for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
    const parsed = calendar.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
    expect(parsed.map((event) => event.summary)).toEqual(["General Body meeting", "Congress"]);
    expect(parsed[0]?.startDate.toJSDate().toISOString()).toBe("2026-12-04T09:30:00.000Z");
    expect(parsed[0]?.component.getFirstPropertyValue("attach")).toBe(
      "https://images.ctfassets.net/space/notice/hash/notice.pdf",
    );
  });

  it("refuses an entry without an end, naming the entry and the field", async () => {
    msw.use(
      contentfulEvents(
        [
          {
            id: "broken",
            fields: { title: "X", slug: "x", start: "2026-12-04", venue: "V", description: "D" },
          },
        ],
        [],
        [],
        "societyEvent",
      ),
    );
    const config = contentfulConfig(readEnv());
    if (!config) throw new Error("Contentful should be configured here");
    await expect(contentfulEventsSource(config).all()).rejects.toThrow(
      /^Contentful entry broken: end: is required/,
    );
  });
});
