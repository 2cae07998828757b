import { describe, expect, it } from "vitest";
import { pages } from "#app/routes.tsx";
import { menu, quickLinks } from "./menu.ts";
import { societyBannerTitle } from "./society-banner.tsx";

const pagePaths = pages.map((page) => (page.index ? "/" : page.path));
const menuPaths = menu.flatMap((item) =>
  "items" in item ? item.items.map((link) => link.to) : "to" in item ? [item.to] : [],
);

describe("navigation", () => {
  it("links only to pages that exist", () => {
    for (const path of [...menuPaths, ...quickLinks.flat().map((link) => link.to)]) {
      expect(pagePaths).toContain(path);
    }
  });

  it("the footer's Quick Links cover every page but the directory, search and detail pages, in two columns", () => {
    expect(quickLinks).toHaveLength(2);
    const linked = new Set(quickLinks.flat().map((link) => link.to));
    const expected = pagePaths.filter(
      (path) => path !== "/directory" && !path?.includes(":") && path !== "/search",
    );
    expect([...linked].sort()).toEqual([...expected].sort());
  });

  // SPEC's menu has no login entry: the header's Sign In link (and the sign-up sidebar) lead there.
  // The header's search box leads to /search; detail pages are reached from their lists.
  it("the menu reaches every page but detail pages, login and search", () => {
    const expected = pagePaths.filter(
      (path) => path !== "/login" && !path?.includes(":") && path !== "/search",
    );
    expect([...new Set(menuPaths)].sort()).toEqual([...expected].sort());
  });
});

describe("society banner title", () => {
  it.each([
    ["/about-us", "About Society"],
    ["/rules", "Constitution and Rules"],
    ["/office-bearers", "Office Bearers"],
    ["/directory", "Directory"],
    ["/elsewhere", "The Society"],
  ])("%s is titled %s", (path, title) => expect(societyBannerTitle(path)).toBe(title));
});
