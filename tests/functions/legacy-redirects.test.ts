/**
 * The old site's addresses (SPEC section 2) are 301s of netlify.toml, read as Netlify reads them:
 * the CDN answers them without calling a function.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { netlifyRedirects } from "../../scripts/build/legacy-redirects.ts";

/** Every old address and its page, as the old site declared them, and /loginmain its pages linked to. */
const OLD_SITE = {
  "/society": "/about-us",
  "/directorymain": "/directory",
  "/officemain": "/office-bearers",
  "/societyrulesmain": "/rules",
  "/award": "/awards",
  "/registrationformmain": "/sign-up",
  "/boardmain": "/editorial-board",
  "/executivecouncilmain": "/executive-council",
  "/congressmain": "/congress",
  "/doubt": "/contact-us",
  "/loginmain": "/login",
};

describe("netlify.toml's redirects", () => {
  it("move every old address of the old site to its page for good, and nothing else", async () => {
    const redirects = await netlifyRedirects(path.resolve(import.meta.dirname, "../.."));
    expect(redirects.map(({ from, to, status, force }) => ({ from, to, status, force }))).toEqual(
      Object.entries(OLD_SITE).map(([from, to]) => ({ from, to, status: 301, force: true })),
    );
  });

  it("never send /fellowship to itself", async () => {
    const redirects = await netlifyRedirects(path.resolve(import.meta.dirname, "../.."));
    expect(redirects.some(({ from }) => from === "/fellowship")).toBe(false);
  });
});
