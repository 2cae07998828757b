import { describe, expect, it } from "vitest";
import { myDataFileName } from "./my-data.server.ts";

describe("myDataFileName", () => {
  it("names the download with the day in India, not UTC's", () => {
    // 01:48 on 28 November in India is still the 27th in UTC.
    expect(myDataFileName(new Date("2026-11-27T20:18:00Z"))).toBe("isgpb-my-data-2026-11-28.json");
    expect(myDataFileName(new Date("2026-11-27T18:29:00Z"))).toBe("isgpb-my-data-2026-11-27.json");
  });
});
