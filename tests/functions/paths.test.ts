/**
 * How the site answers a path it does not have as written: the old site's addresses however they
 * are spelt, another spelling of a page, and the not-found page. Routes match only as written, and
 * a path spelt with needless escapes goes no further than the root's middleware, so no spelling
 * reaches a form's action around the limit on its path (netlify/README.md).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startBlobsServer } from "../support/blobs.ts";
import { startDatabase } from "../support/database.ts";
import { pageServer, readPage } from "../support/page-server.ts";
import { formPostRequest, pageRequest } from "../support/requests.ts";

startBlobsServer();
startDatabase();

let pages: (request: Request) => Promise<Response>;

beforeAll(async () => {
  vi.stubEnv("SIGNING_SECRET", "paths-test-secret");
  pages = await pageServer((path) =>
    ["contact-us", "sign-up", "login", "logout", "download", "*"].includes(path),
  );
});
afterAll(() => vi.unstubAllEnvs());

const answer = async (path: string) => {
  const response = await pages(pageRequest(path));
  return { status: response.status, location: response.headers.get("location") };
};

describe("a path the site does not have as written", () => {
  // The old site's addresses as written are the CDN's (netlify.toml, legacy-redirects.test.ts);
  // any other spelling of them reaches the handler, which sends it to the one the CDN answers.
  it.each([
    ["/Society/", "/society"],
    ["/DOUBT", "/doubt"],
    ["/award//", "/award"],
  ])("sends the old site's %s to %s, the spelling the CDN moves for good", async (path, to) => {
    expect(await answer(path)).toEqual({ status: 301, location: to });
  });

  it("sends another spelling of a page to its own, with the search kept", async () => {
    expect(await answer("/Contact-Us?from=footer")).toEqual({
      status: 301,
      location: "/contact-us?from=footer",
    });
    expect(await answer("/No-Such-Page")).toEqual({ status: 301, location: "/no-such-page" });
  });

  it("never spells a path into another host, and answers an unknown one with 404", async () => {
    expect(await answer("//EVIL.example/x")).toEqual({ status: 404, location: null });
    expect(await answer("/no-such-page")).toEqual({ status: 404, location: null });
  });

  it("lets no other spelling post to a form's action: a post to a path the site does not have is a 404", async () => {
    for (const path of ["/Contact-Us", "/CONTACT-US.data", "/no-such-page"]) {
      const response = await pages(formPostRequest(path, { first_name: "Asha" }));
      expect(response.status, path).toBe(404);
    }
    expect((await pages(formPostRequest("/contact-us", { first_name: "Asha" }))).status).toBe(303);
  });

  it("lets no spelling with needless escapes post to a form's action around its limit", async () => {
    for (const path of ["/%63ontact-us", "/contact%2Dus", "/%73ign-up", "/%6Cogin", "/%63ontact-us.data"]) {
      const response = await pages(formPostRequest(path, { first_name: "Asha", email: "asha@example.org" }));
      expect(response.status, path).toBe(404);
    }
  });

  it("sends a page spelt with needless escapes to its plain spelling, never to another host", async () => {
    expect(await answer("/%63ontact-us?from=footer")).toEqual({
      status: 301,
      location: "/contact-us?from=footer",
    });
    expect(await answer("/sign%2dup")).toEqual({ status: 301, location: "/sign-up" });
    expect(await answer("//%65vil.example/x")).toEqual({ status: 404, location: null });
  });

  it("answers the sign-out address opened as a page with the sign-in page, signing no one out", async () => {
    expect(await answer("/logout")).toEqual({ status: 303, location: "/login" });
  });
});

describe("the awards' download address", () => {
  it.each(["/download", "/download?file=", "/download?file=//evil.com", "/download?file=../secret"])(
    "answers %s, which names no document it may follow, with the not-found page",
    async (path) => {
      const response = await pages(pageRequest(path));
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      const { document } = await readPage(response);
      expect(document.querySelector("h1")?.textContent).toBe("Page not found");
    },
  );

  it("still sends a document's name on to the file", async () => {
    expect(await answer("/download?file=award-guidelines.pdf")).toEqual({
      status: 302,
      location: "/downloads/award-guidelines.pdf",
    });
  });
});
