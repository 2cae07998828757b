import { describe, expect, it } from "vitest";
import { resolveMeta, viewKey, viewParams } from "./route-handle.ts";

describe("viewKey", () => {
  it("keeps the path and the route's view params, and drops the rest", () => {
    expect(viewKey(new URL("https://x.org/about-us?utm_source=mail"), [])).toBe("/about-us");
    expect(viewKey(new URL("https://x.org/office-bearers?utm=1&year=2020-2022"), ["year"])).toBe(
      "/office-bearers?year=2020-2022",
    );
    // Another route's view param is any other param here.
    expect(viewKey(new URL("https://x.org/fellowship?page=2&year=2025"), [])).toBe("/fellowship");
  });
});

describe("viewParams", () => {
  it("are the deepest handle's, and none when it declares none", () => {
    const meta = { title: "T", description: "d" };
    expect(viewParams([{}, { handle: { meta, view: ["page"] } }])).toEqual(["page"]);
    expect(viewParams([{ handle: { meta, view: ["page"] } }, { handle: { meta } }])).toEqual([]);
    expect(viewParams([{}])).toEqual([]);
  });
});

describe("resolveMeta", () => {
  const meta = { title: "Root", description: "root" };
  it("takes the deepest route's meta, computed from its search params and data when it is a function", () => {
    const matches = [
      { handle: { meta }, data: "root data" },
      {
        handle: {
          meta: ({ search, data }: { search: URLSearchParams; data: unknown }) => ({
            title: `Year ${search.get("year")} of ${data}`,
            description: "d",
          }),
        },
        data: "page data",
      },
    ];
    expect(resolveMeta(matches, new URLSearchParams("year=1960")).title).toBe("Year 1960 of page data");
    expect(resolveMeta([{ handle: { meta } }, {}], new URLSearchParams()).title).toBe("Root");
  });

  it("fails when no route declares meta, so no page ships without a title", () => {
    expect(() => resolveMeta([{}], new URLSearchParams())).toThrow(/handle\.meta/);
  });
});
