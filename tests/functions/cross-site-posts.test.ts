/**
 * A post another site makes a visitor's browser send reaches no page's action, and is answered as
 * the site answers: its own page, 403, with the headers of every other page.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SECURITY_HEADERS } from "../../src/server/http/page-headers.server.ts";
import { startBlobsServer } from "../support/blobs.ts";
import { startDatabase } from "../support/database.ts";
import { pageServer, readData, readPage } from "../support/page-server.ts";
import { formPostRequest, pageRequest, scriptPostRequest } from "../support/requests.ts";

startBlobsServer();
startDatabase();

let pages: (request: Request) => Promise<Response>;

beforeAll(async () => {
  vi.stubEnv("SIGNING_SECRET", "cross-site-test-secret");
  pages = await pageServer((path) => ["contact-us", "logout", "secretariat", "*"].includes(path));
});
afterAll(() => vi.unstubAllEnvs());

/** What a browser sends when a page of another site posts a form here. */
const FROM_ELSEWHERE = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };
/** The same from a browser that sends no Fetch Metadata (Safari before 16.4): its Origin alone. */
const OLD_BROWSER = { origin: "https://evil.example", "sec-fetch-site": "" };

const MESSAGE = {
  first_name: "Asha",
  email: "asha@example.org",
  message: "A message another site sent in my name.",
};

function expectSiteHeaders(response: Response) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS))
    expect(response.headers.get(name), name).toBe(value);
  expect(response.headers.get("content-security-policy")).toMatch(/frame-ancestors 'none'/);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
}

describe("a post from another site", () => {
  it.each([
    ["with Fetch Metadata", FROM_ELSEWHERE],
    ["with its Origin alone", OLD_BROWSER],
  ])("is refused (%s) with the site's own page, 403, and its headers", async (_how, headers) => {
    const response = await pages(formPostRequest("/contact-us", MESSAGE, undefined, headers));
    expect(response.status).toBe(403);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expectSiteHeaders(response);
    // The page's scripts and styles are allowed by this answer's nonce, as on every rendered page.
    const nonce = /'nonce-([\w+/=]+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    const { document, text } = await readPage(response);
    expect(document.querySelector("h1")?.textContent).toBe("Form not accepted");
    expect(text).toContain("sent from another website, so nothing was sent or changed");
    expect(text).not.toMatch(/Bad Request|Error:|at \w+ \(/);
  });

  it("is refused to the page's script too, as data, with the same headers", async () => {
    const response = await pages(scriptPostRequest("/contact-us", MESSAGE, undefined, FROM_ELSEWHERE));
    expect(response.status).toBe(403);
    expectSiteHeaders(response);
    const answer = await readData(response);
    expect(answer.redirect).toBeUndefined();
  });

  it("signs no one out and reaches no workspace action: every route's action is behind the check", async () => {
    const logout = await pages(formPostRequest("/logout", {}, "__Host-isgpb_session=x", FROM_ELSEWHERE));
    expect(logout.status).toBe(403);
    expect(logout.headers.getSetCookie()).toEqual([]);
    const workspace = await pages(
      formPostRequest("/secretariat/held", { intent: "release" }, undefined, FROM_ELSEWHERE),
    );
    expect(workspace.status).toBe(403);
    expectSiteHeaders(workspace);
  });

  it("leaves the site's own posts, and any site's links, as they were", async () => {
    expect((await pages(formPostRequest("/contact-us", { first_name: "Asha" }))).status).toBe(303);
    const link = await pages(pageRequest("/contact-us", undefined, { headers: FROM_ELSEWHERE }));
    expect(link.status).toBe(200);
  });
});
