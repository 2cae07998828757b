import { describe, expect, it } from "vitest";
import { PRERENDERED_PAGES } from "#tests/support/routes.ts";
import { menuFor, quickLinks } from "./menu.ts";
import { societyBannerTitle } from "./society-banner.tsx";

const menu = menuFor("https://journal.example.org/");
const menuPaths = menu.flatMap((item) =>
  "items" in item ? item.items.map((link) => link.to) : "to" in item ? [item.to] : [],
);
/** Every page of the site's own, as the route table has them (no detail page, no form outcome). */
const pagePaths = [...PRERENDERED_PAGES, "/contact-us", "/sign-up", "/login", "/search"];

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
      (path) => path !== "/directory" && path !== "/search" && path !== "/account/closed",
    );
    expect([...linked].sort()).toEqual([...expected].sort());
  });

  // SPEC's menu has no login entry: the header's Sign In link (and the sign-up sidebar) lead there.
  // The header's search box leads to /search; the footer and every form that collects personal
  // data lead to the privacy notice.
  it("the menu reaches every page but login, search and the privacy notice", () => {
    const expected = pagePaths.filter(
      (path) => !["/login", "/search", "/account/closed", "/privacy"].includes(path),
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
    ["/office-bearers/2020-2022", "Office Bearers"],
    ["/directory/page/3", "Directory"],
    ["/elsewhere", "The Society"],
  ])("%s is titled %s", (path, title) => expect(societyBannerTitle(path)).toBe(title));
});
