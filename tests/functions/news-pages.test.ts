import type { Context } from "@netlify/edge-functions";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import newsPages from "../../netlify/edge-functions/news-pages.ts";
import { setupMsw } from "../support/msw.ts";

const BUILT_PAGES = 4;
const notFoundPage = "<!doctype html><html><body><h1>Page not found</h1></body></html>";
const firstPage = () =>
  new Response("<html><h1>NEWS &amp; EVENTS</h1>page 1</html>", {
    status: 200,
    headers: { "content-type": "text/html", "x-content-type-options": "nosniff" },
  });

setupMsw(
  http.head("https://www.isgpb.org/news-events/page/:page/index.html", ({ params }) =>
    Number(params.page) <= BUILT_PAGES ? new HttpResponse(null) : new HttpResponse(null, { status: 404 }),
  ),
  http.get("https://www.isgpb.org/404.html", () => HttpResponse.html(notFoundPage, { status: 200 })),
);

function run(path: string, upstream: Response) {
  const context = { next: async () => upstream } as unknown as Context;
  return newsPages(new Request(`https://www.isgpb.org${path}`), context);
}

describe("news-pages edge function", () => {
  it("answers a page past the last one with the not-found page and 404, keeping the headers", async () => {
    const response = await run(`/news-events?page=${BUILT_PAGES + 1}`, firstPage());
    expect(response.status).toBe(404);
    expect(await response.text()).toBe(notFoundPage);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-type")).toBe("text/html");
  });

  it("passes built pages, the first page and unreadable page numbers through untouched", async () => {
    for (const path of [
      `/news-events?page=${BUILT_PAGES}`,
      "/news-events?page=2",
      "/news-events",
      "/news-events?page=1",
      "/news-events?page=abc",
    ]) {
      const page = firstPage();
      expect(await run(path, page), path).toBe(page);
    }
  });
});
